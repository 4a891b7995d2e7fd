/**
 * How the tool reaches the vendor's services, whichever it asks: the key (from the
 * environment or a file, never shown), the https-only rule, pacing and retries.
 */
package io.apmreports.access;
