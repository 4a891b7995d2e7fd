/**
 * Report files: the CSV contract of {@code summary.csv} (Commons CSV) and the streaming
 * XLSX workbook (POI SXSSF), written under temporary names and moved into place only when
 * complete.
 */
package io.apmreports.output;
