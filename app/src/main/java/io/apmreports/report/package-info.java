/**
 * A report's content, read from staging in report order and named for readers: its
 * tables' columns, the overview, the charts' data, and where its files are published; one
 * subpackage per format.
 */
package io.apmreports.report;
