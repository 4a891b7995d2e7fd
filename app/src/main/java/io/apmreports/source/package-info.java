/**
 * The seam between the report job and the service its figures come from:
 * {@link io.apmreports.source.FigureSource} and the records it answers with; one
 * subpackage per service.
 */
package io.apmreports.source;
