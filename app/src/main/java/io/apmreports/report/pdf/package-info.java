/**
 * The report's PDF (PDFBox): the overview and the charts on a few A4 pages.
 */
package io.apmreports.report.pdf;
