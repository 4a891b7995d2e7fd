/**
 * The report job: list applications into a staging table, fetch and compute each one's figures, write the files.
 * Staging in the job repository's database is what makes a crashed run restartable from its last chunk.
 */
package io.apmreports.job;
