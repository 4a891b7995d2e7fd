package io.apmreports.sandbox;

import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * A JSON answer of the API before it is sent.
 *
 * @param link the {@code Link} header of a paged list, or null
 */
record Answer(int status, ObjectNode body, String link) {

	/** The one mapper every body of the sandbox is built and written with. */
	static final JsonMapper JSON = JsonMapper.builder().build();

	static Answer ok(ObjectNode body) {
		return new Answer(200, body, null);
	}

	/** The service's error envelope: {@code {"error":{"title":...}}}. */
	static Answer error(int status, String title) {
		ObjectNode body = JSON.createObjectNode();
		body.putObject("error").put("title", title);
		return new Answer(status, body, null);
	}
}
