/**
 * The report job on a page and its steps in step order (list, fetch, check, write,
 * deliver), with what the job takes and leaves: its parameters as one record, the
 * definition it was launched with, its results, and the {@code report.*} settings.
 */
package io.apmreports.job;
