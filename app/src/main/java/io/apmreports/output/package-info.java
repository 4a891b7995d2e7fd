/**
 * Report files: the CSV files (Commons CSV) and the streaming XLSX workbook (POI SXSSF),
 * written under a staging directory of the run's own and moved into place only when every
 * one is complete; the rows they are written from, the report's sections, and
 * {@link io.apmreports.output.FigureColumn}, which names each figure once.
 */
package io.apmreports.output;
