/**
 * The report's e-mail as its reader sees it: the HTML and plain-text bodies built from
 * the overview, with its pictures and files.
 */
package io.apmreports.report.email;
