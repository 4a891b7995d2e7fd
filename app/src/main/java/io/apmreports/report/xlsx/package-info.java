/**
 * The report's workbook, streamed with POI's SXSSF: the Overview, the native charts and a
 * sheet per table, each set up for printing.
 */
package io.apmreports.report.xlsx;
