/**
 * Report definitions in {@code reports/*.yml} and schedules in {@code schedules/*.yml}:
 * loading and strict validation, with one line naming the file and the field for every
 * mistake.
 */
package io.apmreports.definition;
