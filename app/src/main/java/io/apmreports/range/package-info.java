/**
 * Report ranges: one {@link io.apmreports.range.TimeRange} feeds every query of a
 * calculation, and named ranges such as {@code last-week} are resolved in the report's
 * time zone.
 */
package io.apmreports.range;
