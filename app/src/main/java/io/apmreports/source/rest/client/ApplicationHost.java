package io.apmreports.source.rest.client;

/**
 * One host of an application, from {@code /v2/applications/{id}/hosts.json}.
 *
 * @param id host id, as in the application's {@code links.application_hosts}
 * @param applicationName the application's name
 * @param host the host name
 * @param language agent language
 * @param healthStatus a colour word
 */
public record ApplicationHost(long id, String applicationName, String host, String language, String healthStatus) {
}
