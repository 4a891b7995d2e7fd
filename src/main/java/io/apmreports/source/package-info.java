/**
 * The seam between the report job and the service its figures come from: {@link io.apmreports.source.FigureSource},
 * which the fetch steps ask for a whole chunk of applications at a time.
 */
package io.apmreports.source;
