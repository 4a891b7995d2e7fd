/**
 * What chat channels share: the webhook URL, a secret found in the environment or a file,
 * and one HTTP post, retried as the service asks.
 */
package io.apmreports.delivery.webhook;
