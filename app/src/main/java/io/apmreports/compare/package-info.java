/**
 * Runs a report's figures through both sources over one range and tells what differs:
 * what a user checks before switching from REST v2 to NRQL.
 */
package io.apmreports.compare;
