/**
 * The figure source over the REST v2 client: each application of a chunk asked for on its
 * own, side by side on {@code report.concurrency} threads, with as few requests as its
 * figures allow.
 */
package io.apmreports.rest.source;
