/**
 * The report job and its steps, in step order: list the applications, fetch their figures and sections, check the
 * failures, write the files, deliver them.
 */
package io.apmreports.job;
