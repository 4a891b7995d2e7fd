/**
 * The report's CSV files (Commons CSV), the contract finance builds on.
 */
package io.apmreports.report.csv;
