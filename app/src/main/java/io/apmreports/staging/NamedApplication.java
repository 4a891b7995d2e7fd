package io.apmreports.staging;

/**
 * An application by id and name, as the series' tables by slice take them.
 *
 * @param id application id
 * @param name application name
 */
public record NamedApplication(long id, String name) {
}
