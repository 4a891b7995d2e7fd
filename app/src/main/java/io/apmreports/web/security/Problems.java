package io.apmreports.web.security;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import tools.jackson.databind.json.JsonMapper;

/**
 * An RFC 9457 problem written straight to the response, for the refusals that happen
 * before a controller is reached (not signed in, a wrong token, a role too low).
 */
final class Problems {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private Problems() {
	}

	static void write(HttpServletResponse response, HttpStatus status, String detail) throws IOException {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
		// the fields Spring's own problems carry, none of them null
		Map<String, Object> body = new LinkedHashMap<>();
		body.put("type", problem.getType() == null ? "about:blank" : problem.getType().toString());
		body.put("title", problem.getTitle());
		body.put("status", problem.getStatus());
		body.put("detail", problem.getDetail());
		response.setStatus(status.value());
		response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
		JSON.writeValue(response.getOutputStream(), body);
	}

}
