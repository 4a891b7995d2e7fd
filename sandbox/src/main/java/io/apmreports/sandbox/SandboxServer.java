package io.apmreports.sandbox;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Clock;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpServer;

/**
 * A loopback HTTP server that answers the REST v2 API (under {@code /v2}) and NerdGraph
 * ({@code POST /graphql}, NRQL over {@code FROM Metric} and entity search) from one
 * {@link SyntheticAccount}, with the envelopes, paging, errors and metric-data shape of
 * the real service, so a client built against it works against the real one; both faces
 * give the same figures.
 *
 * <pre>{@code
 * try (SandboxServer sandbox = SandboxServer.start(SandboxOptions.demo("key"))) {
 *     URI base = sandbox.baseUrl(); // http://127.0.0.1:PORT
 * }
 * }</pre>
 */
public final class SandboxServer implements AutoCloseable {

	/**
	 * Like the real service, many requests may wait at once: with added latency each one
	 * holds a thread.
	 */
	private static final int THREADS = 256;

	private final HttpServer server;

	private final ExecutorService executor;

	private final SandboxOptions options;

	private final RequestLog requests = new RequestLog();

	private final URI baseUrl;

	private SandboxServer(SandboxOptions options) throws IOException {
		this.options = options;
		// Without this the JDK server waits for delayed ACKs and every answer takes about
		// 40 ms.
		System.setProperty("sun.net.httpserver.nodelay", "true");
		server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), options.port()), 64);
		AtomicInteger threadNumber = new AtomicInteger();
		executor = Executors.newFixedThreadPool(THREADS, runnable -> {
			Thread thread = new Thread(runnable, "sandbox-http-" + threadNumber.incrementAndGet());
			thread.setDaemon(true); // a forgotten close() must not keep the JVM alive
			return thread;
		});
		server.setExecutor(executor);
		baseUrl = URI.create("http://127.0.0.1:" + server.getAddress().getPort());
		server.createContext("/", new ApiHandler(options, requests, baseUrl.toString(), Clock.systemUTC()));
		server.start();
	}

	/**
	 * Starts a server on 127.0.0.1.
	 * @throws UncheckedIOException when the port cannot be bound
	 */
	public static SandboxServer start(SandboxOptions options) {
		try {
			return new SandboxServer(options);
		}
		catch (IOException e) {
			throw new UncheckedIOException("cannot start the sandbox on port " + options.port(), e);
		}
	}

	/**
	 * The base URL, {@code http://127.0.0.1:PORT} without a trailing slash; API paths
	 * start with /v2.
	 */
	public URI baseUrl() {
		return baseUrl;
	}

	/**
	 * The NerdGraph endpoint, {@code http://127.0.0.1:PORT/graphql}: {@code POST} with
	 * the {@code API-Key} header, over the same account as the REST face.
	 */
	public URI graphqlUrl() {
		return URI.create(baseUrl + NerdGraphFront.PATH);
	}

	/** The account the server answers from. */
	public SyntheticAccount account() {
		return options.account();
	}

	/**
	 * The organisation's bill its usage events tell ({@code NrConsumption},
	 * {@code NrMTDConsumption}, {@code bytecountestimate()}): its own account the parent,
	 * every other account the key reads a child.
	 */
	public SandboxBilling billing() {
		return SandboxBilling.of(options);
	}

	/** The options the server was started with. */
	public SandboxOptions options() {
		return options;
	}

	/** Counts of the requests answered so far. */
	public RequestLog requests() {
		return requests;
	}

	/** Stops the server at once and releases its threads. */
	@Override
	public void close() {
		server.stop(0);
		executor.shutdownNow();
	}

}
