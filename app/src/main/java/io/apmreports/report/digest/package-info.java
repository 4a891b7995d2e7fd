/**
 * What a run tells its readers, put together once when its files are written: the
 * headline figures, the busiest, regressions, failed and gone applications, the facts its
 * send-when rule is decided on, its files and pictures. Every channel renders from it.
 */
package io.apmreports.report.digest;
