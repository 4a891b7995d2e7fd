package io.apmreports.source;

/**
 * How many hosts and instances of an application reported during a range: what it ran on
 * over a month, which the hosts reporting now do not tell of an application retired
 * since.
 *
 * @param applicationId application id
 * @param hosts distinct hosts that sent data in the range
 * @param instances distinct instances that sent data in the range
 */
public record RangeHosts(long applicationId, int hosts, int instances) {
}
