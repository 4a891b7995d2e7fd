/**
 * The command line: {@code run} a report, or start the {@code sandbox}; one line and a non-zero exit for every
 * mistake, never a stack trace.
 */
package io.apmreports.cli;
