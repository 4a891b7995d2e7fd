package io.apmreports.sandbox;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

import com.sun.net.httpserver.HttpExchange;
import tools.jackson.databind.json.JsonMapper;

/**
 * Puts the {@link Faults} of a server on its answers: the 414 of a front server, the
 * statuses, drops and rate limit a {@link FaultInjector} decides, the added latency, and
 * truncated or slow bodies.
 */
final class FaultResponder {

	private static final JsonMapper JSON = Answer.JSON;

	/**
	 * Pieces a slow body is written in; the pause of {@link Faults#slowBody()} is spread
	 * over them.
	 */
	private static final int SLOW_PIECES = 10;

	/** The most one write hands the socket. */
	private static final int WRITE_PIECE = 64 * 1024;

	private final Faults faults;

	private final FaultInjector injector;

	private final RequestLog log;

	private final AtomicLong serverErrors = new AtomicLong();

	FaultResponder(Faults faults, Clock clock, RequestLog log) {
		this.faults = faults;
		this.injector = new FaultInjector(faults, clock);
		this.log = log;
	}

	/**
	 * Answers a request that arrived at {@code arrived} (in {@link System#nanoTime()}):
	 * with a fault, with nothing, or with {@code realReply}, which is asked for only when
	 * the request passes.
	 */
	void answer(HttpExchange exchange, long arrived, Supplier<Reply> realReply) throws IOException {
		if (tooLong(exchange.getRequestURI())) {
			send(exchange, uriTooLong(), false);
			return;
		}
		FaultInjector.Verdict verdict = injector.next();
		// the latency is the time to the answer, the sandbox's own work included, as a
		// service's latency is
		Reply reply = verdict instanceof FaultInjector.Pass ? realReply.get()
				: verdict instanceof FaultInjector.Fail fail ? faultReply(fail) : null;
		if (!pause(faults.latency().minusNanos(System.nanoTime() - arrived))) {
			return;
		}
		if (reply == null) {
			// Closing an exchange whose headers were never sent closes the connection
			// itself.
			log.droppedConnection();
		}
		else {
			send(exchange, reply,
					verdict instanceof FaultInjector.Pass pass && pass.truncate() && reply.status() == 200);
		}
	}

	/**
	 * Sends a reply now, without faults: for a refusal in front of the service, such as
	 * NerdGraph's limit of requests in flight.
	 */
	void respond(HttpExchange exchange, Reply reply) throws IOException {
		send(exchange, reply, false);
	}

	/**
	 * The error class a fault puts on the {@code number}-th NerdGraph request, if any.
	 */
	Optional<String> nerdGraphFault(long number) {
		return faults.nerdGraphFailEvery()
			.stream()
			.filter(rule -> rule.hits(number))
			.map(NerdGraphFailEvery::errorClass)
			.findFirst();
	}

	/** The status the series of an application is refused with, if it is. */
	OptionalInt refusedSeries(long applicationId) {
		return faults.refusals().refusedSeries(applicationId);
	}

	/** The refused text an NRQL query contains, if it is refused. */
	Optional<String> refusedNrql(String nrql) {
		return faults.refusals().refusedNrql(nrql);
	}

	/** How the metric data of an application is spoiled; null when it is not. */
	BadBody badBody(long applicationId) {
		return faults.badBodies().get(applicationId);
	}

	private boolean tooLong(URI uri) {
		int limit = faults.maxUrlLength();
		return limit > 0
				&& uri.getRawPath().length() + (uri.getRawQuery() == null ? 0 : 1 + uri.getRawQuery().length()) > limit;
	}

	/** A front server's refusal: a page, not the API's JSON. */
	private static Reply uriTooLong() {
		return page(414, "Request-URI Too Large", Map.of());
	}

	/** An HTML error page, as a proxy or front server sends. */
	private static Reply page(int status, String title, Map<String, String> headers) {
		String html = "<html><head><title>" + status + " " + title + "</title></head><body><h1>" + status + " " + title
				+ "</h1></body></html>\n";
		return new Reply(status, "text/html; charset=utf-8", html.getBytes(StandardCharsets.UTF_8), headers);
	}

	/**
	 * The answer of a status the faults impose, with the body a proxy or the rate limiter
	 * would send.
	 */
	private Reply faultReply(FaultInjector.Fail fail) {
		Map<String, String> headers = new LinkedHashMap<>();
		int status = fail.status();
		if (status == 429) {
			FaultInjector.Limit limit = injector.limit();
			headers.put("Retry-After", Long.toString(fail.retryAfterSeconds()));
			headers.put("X-RateLimit-Limit",
					Integer.toString(limit == null ? FaultInjector.SERVICE_LIMIT_PER_MINUTE : limit.limit()));
			headers.put("X-RateLimit-Remaining", "0");
			headers.put("X-RateLimit-Reset", Long.toString(fail.resetEpochSecond()));
			return Reply.json(JSON, 429, JSON.createObjectNode(), headers);
		}
		String title = reason(status);
		// Proxies in front of the real service answer 5xx as often with a page as with
		// the API's JSON.
		if (status >= 500 && serverErrors.incrementAndGet() % 2 == 0) {
			return page(status, title, headers);
		}
		return Reply.json(JSON, status, Answer.error(status, title).body(), headers);
	}

	private static String reason(int status) {
		return switch (status) {
			case 400 -> "Bad Request";
			case 401 -> "Unauthorized";
			case 403 -> "Forbidden";
			case 404 -> "Not Found";
			case 422 -> "Unprocessable Entity";
			case 500 -> "Internal Server Error";
			case 502 -> "Bad Gateway";
			case 503 -> "Service Unavailable";
			case 504 -> "Gateway Timeout";
			default -> status < 500 ? "Client Error" : "Server Error";
		};
	}

	/**
	 * Sends a reply. A truncated reply promises its whole length but stops after half of
	 * it; closing the exchange then finds the body short and closes the connection, which
	 * the client sees as an end of stream in the middle of the body.
	 */
	private void send(HttpExchange exchange, Reply reply, boolean truncate) throws IOException {
		exchange.getResponseHeaders().set("Content-Type", reply.contentType());
		reply.headers().forEach(exchange.getResponseHeaders()::set);
		FaultInjector.Limit limit = injector.limit();
		if (limit != null && !reply.headers().containsKey("X-RateLimit-Limit")) {
			exchange.getResponseHeaders().set("X-RateLimit-Limit", Integer.toString(limit.limit()));
			exchange.getResponseHeaders().set("X-RateLimit-Remaining", Long.toString(limit.remaining()));
		}
		log.answered(reply.status());
		byte[] body = reply.body();
		exchange.sendResponseHeaders(reply.status(), body.length == 0 ? -1 : body.length);
		int length = truncate ? body.length / 2 : body.length;
		OutputStream out = exchange.getResponseBody();
		Duration slow = faults.slowBody();
		if (slow.isZero()) {
			// in pieces: the socket copies each write into a direct buffer that its
			// thread
			// keeps, and 256 threads keeping one of a whole facet answer (MBs) each run
			// out of the direct memory a small heap allows
			for (int offset = 0; offset < length; offset += WRITE_PIECE) {
				out.write(body, offset, Math.min(WRITE_PIECE, length - offset));
			}
		}
		else {
			int piece = Math.max(1, (length + SLOW_PIECES - 1) / SLOW_PIECES);
			Duration pause = slow.dividedBy(SLOW_PIECES);
			for (int offset = 0; offset < length; offset += piece) {
				if (!pause(pause)) {
					return;
				}
				out.write(body, offset, Math.min(piece, length - offset));
				out.flush();
			}
		}
		out.flush();
		if (!truncate) {
			out.close();
		}
	}

	/**
	 * Waits; false when the server is shutting down and the answer should be abandoned.
	 */
	private static boolean pause(Duration duration) {
		if (duration.isZero() || duration.isNegative()) {
			return true;
		}
		try {
			Thread.sleep(duration.toMillis(), duration.toNanosPart() % 1_000_000);
			return true;
		}
		catch (InterruptedException e) {
			Thread.currentThread().interrupt();
			return false;
		}
	}

}
