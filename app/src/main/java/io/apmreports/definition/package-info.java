/**
 * Report definitions in {@code reports/*.yml} and schedules in {@code schedules/*.yml}:
 * what they may say (sections, source, applications, attachments, the cost settings),
 * loading and strict validation.
 */
package io.apmreports.definition;
