package io.apmreports.web;

/**
 * The e-mail a recipient would get for a completed run, as it would be sent and without
 * sending it.
 *
 * @param runId the completed run whose message it is (the restart that finished the run
 * asked for, if that one did not)
 * @param from the sender
 * @param to the recipient
 * @param subject the subject line
 * @param html the HTML body, its charts inlined as data so that a browser shows them
 */
public record MessagePreview(long runId, String from, String to, String subject, String html) {
}
