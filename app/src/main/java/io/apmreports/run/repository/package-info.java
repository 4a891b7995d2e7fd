/**
 * The job repository's database: its schema brought up to date by Flyway, the H2 file
 * kept open until the run has recorded its end and served by the process that opened it
 * to the commands beside it, read without a context for {@code runs} and {@code show},
 * kept to its owner, and the PostgreSQL profile's settings.
 */
package io.apmreports.run.repository;
