/**
 * The job repository's database: its schema brought up to date by Flyway, the H2 file
 * kept open until the run has recorded its end and served by a scheduler to the commands
 * beside it, and the PostgreSQL profile's settings.
 */
package io.apmreports.run.repository;
