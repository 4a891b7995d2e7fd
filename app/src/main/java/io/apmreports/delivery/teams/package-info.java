/**
 * Microsoft Teams: the report as an Adaptive Card for a Workflows webhook, within its
 * size limit.
 */
package io.apmreports.delivery.teams;
