/**
 * A loopback HTTP server that imitates the Application Performance Query Service (REST
 * v2) over a deterministic synthetic account, so clients can be tested and benchmarked
 * without a real key.
 */
package io.apmreports.sandbox;
