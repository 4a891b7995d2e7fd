/**
 * Sending a report: one MIME message per recipient through SMTP with retries (or to the
 * demo's outbox), and a record of every message sent so that a restart never sends one
 * twice.
 */
package io.apmreports.delivery;
