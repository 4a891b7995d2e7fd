/**
 * The report job and its steps, one configuration per stage in step order: list the
 * applications, fetch their figures and sections from the
 * {@link io.apmreports.source.FigureSource} a chunk at a time, check the failures, write
 * the files, deliver them.
 */
package io.apmreports.job;
