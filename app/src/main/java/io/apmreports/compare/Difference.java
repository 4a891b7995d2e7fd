package io.apmreports.compare;

/**
 * One value the two sources disagree on.
 *
 * @param applicationId the application it belongs to
 * @param applicationName its name, for the reader
 * @param what which value: the section, and the host or slice where there are several
 * @param rest what REST v2 answered, or {@code empty}
 * @param nrql what NRQL answered, or {@code empty}
 */
public record Difference(long applicationId, String applicationName, String what, String rest, String nrql) {
}
