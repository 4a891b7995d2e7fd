/**
 * E-mail delivery: a report's files and a short summary as a message per recipient, sent
 * through SMTP with retries, and a record of each message sent so that a restarted run
 * never sends one twice.
 */
package io.apmreports.delivery;
