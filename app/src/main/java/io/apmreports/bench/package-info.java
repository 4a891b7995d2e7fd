/**
 * {@code bench}: runs the weekly report against a sandbox account of a chosen size,
 * latency and rate limit, and measures requests, wall time, memory and write speed
 * against their lower bounds.
 */
package io.apmreports.bench;
