/**
 * A completed run's content: its tables read in report order, its e-mail, and the
 * e-mail's preview.
 */
package io.apmreports.report;
