package io.apmreports.sandbox;

import java.util.Map;

import tools.jackson.databind.json.JsonMapper;

/** A status, extra headers and a body, ready to send. */
record Reply(int status, String contentType, byte[] body, Map<String, String> headers) {

	static final String JSON_TYPE = "application/json; charset=utf-8";

	static Reply json(JsonMapper json, int status, Object body, Map<String, String> headers) {
		return new Reply(status, JSON_TYPE, json.writeValueAsBytes(body), headers);
	}
}
