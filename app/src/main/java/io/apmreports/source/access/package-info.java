/**
 * How either source reaches the vendor's services: the key (from the environment or a
 * file, never shown), the https-only rule, the region's URLs, pacing and retries.
 */
package io.apmreports.source.access;
