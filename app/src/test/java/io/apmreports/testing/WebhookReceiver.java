package io.apmreports.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A real HTTP server on loopback that takes webhook posts as Slack and Microsoft Teams
 * do: under {@code /slack/<name>} it answers 200 {@code ok}, under {@code /teams/<name>}
 * 202 with nothing, each after checking the payload as the service documents it (Block
 * Kit's limits; an Adaptive Card message under 28 KB). A payload that breaks a rule is
 * refused as the service refuses it and kept as a violation. Answers can be scripted (429
 * with {@code Retry-After}, 404 {@code no_service}), and a post can be held unanswered,
 * for a process to be killed meanwhile.
 */
public final class WebhookReceiver implements AutoCloseable {

	/** A scripted answer. */
	public record Answer(int status, String body, String retryAfter) {
	}

	/** A post the service took. */
	public record Post(String path, String body) {

		public JsonNode json() {
			return JSON.readTree(body);
		}

	}

	static final int SLACK_MAX_BLOCKS = 50;

	static final int TEAMS_MAX_BYTES = 28 * 1024;

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private static final Set<String> SLACK_BLOCKS = Set.of("header", "section", "context", "divider", "image",
			"actions");

	private final HttpServer server;

	private final List<Post> accepted = Collections.synchronizedList(new ArrayList<>());

	private final List<String> violations = Collections.synchronizedList(new ArrayList<>());

	private final Map<String, Deque<Answer>> scripted = new ConcurrentHashMap<>();

	private volatile boolean holdNext;

	private final CountDownLatch released = new CountDownLatch(1);

	private final CountDownLatch holding = new CountDownLatch(1);

	private WebhookReceiver(HttpServer server) {
		this.server = server;
	}

	public static WebhookReceiver start() throws IOException {
		HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		WebhookReceiver receiver = new WebhookReceiver(server);
		server.createContext("/", receiver::handle);
		server.setExecutor(Executors.newCachedThreadPool());
		server.start();
		return receiver;
	}

	/** The URL of a channel's webhook here: {@code http://127.0.0.1:<port>/slack/ops}. */
	public String url(String service, String channel) {
		return "http://127.0.0.1:" + server.getAddress().getPort() + "/" + service + "/" + channel;
	}

	/** Answers the next posts to {@code path} so, in turn, before the usual answer. */
	public void script(String path, Answer... answers) {
		scripted.computeIfAbsent(path, key -> new ConcurrentLinkedDeque<>()).addAll(List.of(answers));
	}

	/** Holds the next post unanswered, for good. */
	public void holdNext() {
		holdNext = true;
	}

	/** Waits until a post is held. */
	public boolean awaitHeld(Duration timeout) throws InterruptedException {
		return holding.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
	}

	public List<Post> accepted() {
		return List.copyOf(accepted);
	}

	public List<Post> accepted(String path) {
		return accepted().stream().filter(post -> post.path().equals(path)).toList();
	}

	public List<String> violations() {
		return List.copyOf(violations);
	}

	private void handle(HttpExchange exchange) throws IOException {
		String path = exchange.getRequestURI().getPath();
		String body;
		try (InputStream in = exchange.getRequestBody()) {
			body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
		if (holdNext) {
			holdNext = false;
			holding.countDown();
			try {
				released.await();
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			return;
		}
		Deque<Answer> answers = scripted.get(path);
		Answer next = answers == null ? null : answers.poll();
		if (next != null) {
			answer(exchange, next);
			return;
		}
		boolean slack = path.startsWith("/slack/");
		String violation = slack ? slackViolation(body) : teamsViolation(body);
		if (violation != null) {
			violations.add(path + ": " + violation);
			answer(exchange, slack ? new Answer(400, "invalid_payload", null) : new Answer(413, "", null));
			return;
		}
		accepted.add(new Post(path, body));
		answer(exchange, slack ? new Answer(200, "ok", null) : new Answer(202, "", null));
	}

	private static void answer(HttpExchange exchange, Answer answer) throws IOException {
		byte[] bytes = answer.body().getBytes(StandardCharsets.UTF_8);
		if (answer.retryAfter() != null) {
			exchange.getResponseHeaders().add("Retry-After", answer.retryAfter());
		}
		exchange.sendResponseHeaders(answer.status(), bytes.length == 0 ? -1 : bytes.length);
		try (OutputStream out = exchange.getResponseBody()) {
			out.write(bytes);
		}
	}

	/**
	 * Block Kit's documented limits, and a margin under the 13,000 characters seen
	 * refused.
	 */
	public static String slackViolation(String body) {
		JsonNode message = JSON.readTree(body);
		if (!message.path("text").isString() || message.path("text").asString().isBlank()) {
			return "no top-level text for notifications";
		}
		JsonNode blocks = message.path("blocks");
		if (!blocks.isArray() || blocks.isEmpty() || blocks.size() > SLACK_MAX_BLOCKS) {
			return "blocks must be 1 to 50, not " + blocks.size();
		}
		int characters = 0;
		for (JsonNode block : blocks) {
			String type = block.path("type").asString();
			if (!SLACK_BLOCKS.contains(type)) {
				return "unknown block type " + type;
			}
			String text = block.path("text").path("text").asString("");
			characters += text.length();
			if (type.equals("header")
					&& (!block.path("text").path("type").asString().equals("plain_text") || text.length() > 150)) {
				return "a header is plain_text of at most 150 characters";
			}
			if (type.equals("section") && (text.isEmpty() || text.length() > 3000)) {
				return "a section's text is 1 to 3000 characters, not " + text.length();
			}
			if (type.equals("context") && !block.path("elements").isArray()) {
				return "a context has elements";
			}
		}
		return characters > 12_000 ? "block text of " + characters + " characters" : null;
	}

	/** The message shape of Microsoft's documentation, and the size Teams takes. */
	public static String teamsViolation(String body) {
		if (body.getBytes(StandardCharsets.UTF_8).length > TEAMS_MAX_BYTES) {
			return "Request Entity too large: " + body.length() + " bytes";
		}
		JsonNode message = JSON.readTree(body);
		JsonNode attachment = message.path("attachments").path(0);
		JsonNode card = attachment.path("content");
		if (!message.path("type").asString().equals("message")
				|| !attachment.path("contentType").asString().equals("application/vnd.microsoft.card.adaptive")
				|| !card.path("type").asString().equals("AdaptiveCard") || !card.path("version").isString()
				|| !card.path("body").isArray()) {
			return "not an Adaptive Card message";
		}
		for (JsonNode action : card.path("actions")) {
			if (!action.path("type").asString().equals("Action.OpenUrl")) {
				return "webhook cards take Action.OpenUrl, not " + action.path("type").asString();
			}
		}
		return null;
	}

	@Override
	public void close() {
		released.countDown();
		server.stop(0);
	}

}
