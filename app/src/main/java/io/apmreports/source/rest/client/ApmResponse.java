package io.apmreports.source.rest.client;

import org.springframework.http.HttpHeaders;

/**
 * A raw answer: status, headers and the whole body, read before the connection is
 * released.
 */
record ApmResponse(int status, HttpHeaders headers, byte[] body) {
}
