package io.apmreports.sandbox;

/**
 * One host of a synthetic application.
 *
 * @param id the numeric host id, as listed in {@code links.application_hosts}
 * @param hostName the host name, as the {@code host} field of the hosts endpoint shows it
 */
public record SyntheticHost(long id, String hostName) {
}
