/**
 * Slack: the report as a Block Kit message for an incoming webhook, within Slack's
 * limits.
 */
package io.apmreports.delivery.slack;
