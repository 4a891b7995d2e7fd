/**
 * The seam between the report job and the service its figures come from:
 * {@link io.apmreports.source.FigureSource}, which the fetch steps ask for a whole chunk
 * of applications at a time, answered with the records of {@code io.apmreports.staging}.
 * REST v2 implements it in {@code io.apmreports.rest.source}; a second source would
 * implement it in a room of its own.
 */
package io.apmreports.source;
