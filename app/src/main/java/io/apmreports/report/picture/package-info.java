/**
 * The report's charts drawn as PNG pictures (JFreeChart, headless), for the e-mail and
 * the PDF.
 */
package io.apmreports.report.picture;
