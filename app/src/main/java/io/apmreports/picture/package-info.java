/**
 * The report's charts drawn as PNG pictures (JFreeChart, headless) from the chart data,
 * for the e-mail and the PDF.
 */
package io.apmreports.picture;
