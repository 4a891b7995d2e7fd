package io.apmreports.web.api;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Function;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import io.apmreports.testing.TestConsole;

/**
 * The console's API as a machine calls it: JSON over HTTP with a bearer token (or none),
 * against one console.
 */
final class ApiClient {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private final HttpClient http = HttpClient.newHttpClient();

	private final Function<String, URI> url;

	ApiClient(Function<String, URI> url) {
		this.url = url;
	}

	/**
	 * An answer: its status and body read as JSON (a problem's too).
	 *
	 * @param status the HTTP status
	 * @param json the body, or a missing node for none
	 * @param text the body as text
	 */
	record Answer(int status, JsonNode json, String text) {
	}

	Answer get(String path, String token) throws IOException, InterruptedException {
		return send(request(path, token).GET(), token);
	}

	Answer post(String path, String token, Object body) throws IOException, InterruptedException {
		return send(request(path, token).header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body))), token);
	}

	private HttpRequest.Builder request(String path, String token) {
		HttpRequest.Builder request = HttpRequest.newBuilder(url.apply(path)).header("Accept", "application/json");
		return token == null ? request : request.header("Authorization", "Bearer " + token);
	}

	private Answer send(HttpRequest.Builder request, String token) throws IOException, InterruptedException {
		HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
		String body = response.body();
		return new Answer(response.statusCode(), body.isBlank() ? JSON.missingNode() : JSON.readTree(body), body);
	}

	/**
	 * Writes a users file of tokens alone, each {@code name: role, whole-account} with no
	 * team, so that its runs of the whole selection are theirs to see.
	 */
	static Path tokensFile(Path file, String... nameTokenRole) throws IOException {
		StringBuilder yaml = new StringBuilder("tokens:\n");
		for (int i = 0; i < nameTokenRole.length; i += 3) {
			yaml.append("  ").append(nameTokenRole[i]).append(":\n");
			yaml.append("    sha256: ").append(TestConsole.sha256(nameTokenRole[i + 1])).append('\n');
			yaml.append("    role: ").append(nameTokenRole[i + 2]).append('\n');
			yaml.append("    teams: []\n    whole-account: true\n");
		}
		return Files.writeString(file, yaml);
	}

}
