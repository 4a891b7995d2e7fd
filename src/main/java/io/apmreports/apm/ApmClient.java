package io.apmreports.apm;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.StringJoiner;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;

import org.springframework.http.HttpHeaders;
import org.springframework.web.client.ResourceAccessException;
import org.springframework.web.client.RestClient;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.apmreports.Failures;
import io.apmreports.range.TimeRange;
import tools.jackson.databind.JsonNode;

/**
 * The client of every endpoint of the Application Performance Query Service (REST v2). Lists follow
 * {@code Link: rel="next"} to the end; failures are typed ({@link ApmException}); the key is sent only to the
 * configured origin.
 */
public class ApmClient {

	/** Fetches the next page of a list while the current one is being used; daemon threads, made as needed. */
	private static final ExecutorService PAGE_FETCHER = Executors.newCachedThreadPool(runnable -> {
		Thread thread = new Thread(runnable, "apm-next-page");
		thread.setDaemon(true);
		return thread;
	});

	private static final Logger log = LoggerFactory.getLogger(ApmClient.class);

	private final RestClient restClient;

	private final ApmEndpoint endpoint;

	private final String keyHeader;

	private final ResponseReader reader = new ResponseReader();

	private final RetryPolicy retryPolicy;

	private final RequestPacer pacer;

	private final Clock clock;

	private final RequestStats stats = new RequestStats();

	private final Object metricNamesLock = new Object();

	private final int namesPerRequest;

	/** A client that neither retries, paces nor splits metric-data requests by their names, for tests. */
	public ApmClient(RestClient restClient, ApmEndpoint endpoint, String keyHeader) {
		this(restClient, endpoint, keyHeader, RetryPolicy.none(), RequestPacer.unlimited(), Clock.systemUTC(),
				Integer.MAX_VALUE);
	}

	/**
	 * @param namesPerRequest the most metric names one metric-data request asks for; more are split into several
	 * requests over the same range
	 */
	public ApmClient(RestClient restClient, ApmEndpoint endpoint, String keyHeader, RetryPolicy retryPolicy,
			RequestPacer pacer, Clock clock, int namesPerRequest) {
		this.restClient = restClient;
		this.endpoint = endpoint;
		this.keyHeader = keyHeader;
		this.retryPolicy = retryPolicy;
		this.pacer = pacer;
		this.clock = clock;
		this.namesPerRequest = namesPerRequest;
	}

	/** The requests this client made so far. */
	public RequestStats stats() {
		return stats;
	}

	/** Every application the filter selects, page by page as the iteration goes, so memory stays flat. */
	public Iterator<Application> applications(ApplicationFilter filter) {
		Query query = new Query();
		if (filter.nameContains() != null) {
			query.add("filter[name]", filter.nameContains());
		}
		if (!filter.ids().isEmpty()) {
			StringJoiner ids = new StringJoiner(",");
			filter.ids().forEach(id -> ids.add(Long.toString(id)));
			query.add("filter[ids]", ids.toString());
		}
		return pages(uri("/v2/applications.json", query), "applications", reader::application);
	}

	/** One page of applications, for readers that keep their own place. */
	public Page<Application> applicationsPage(URI page) {
		return page(page, "applications", reader::application);
	}

	public Application application(long applicationId) {
		URI uri = uri("/v2/applications/" + applicationId + ".json", new Query());
		return reader.singleApplication(get(uri), describe(uri));
	}

	/** The hosts of an application, with their names. */
	public List<ApplicationHost> hosts(long applicationId) {
		return collect(pages(uri("/v2/applications/" + applicationId + "/hosts.json", new Query()),
				"application_hosts", reader::host));
	}

	/** Key transactions, optionally those whose name contains {@code nameFilter}. */
	public List<KeyTransaction> keyTransactions(String nameFilter) {
		Query query = new Query();
		if (nameFilter != null && !nameFilter.isEmpty()) {
			query.add("filter[name]", nameFilter);
		}
		return collect(pages(uri("/v2/key_transactions.json", query), "key_transactions", reader::keyTransaction));
	}

	public KeyTransaction keyTransaction(long keyTransactionId) {
		URI uri = uri("/v2/key_transactions/" + keyTransactionId + ".json", new Query());
		return reader.singleKeyTransaction(get(uri), describe(uri));
	}

	/**
	 * Names of the application's metrics that contain {@code name}. The listing is expensive on the service, so
	 * callers make it once per application and run, and this client never makes two at the same time.
	 */
	public List<String> metricNames(long applicationId, String name) {
		Query query = new Query().add("name", name);
		synchronized (metricNamesLock) {
			return collect(pages(uri("/v2/applications/" + applicationId + "/metrics.json", query), "metrics",
					reader::metricName));
		}
	}

	/**
	 * Metric timeslice data of an application (specification 4.5), in as many requests as its names need: at most
	 * {@code apm.names-per-request} names each, and fewer when the service refuses a request as too long.
	 */
	public MetricData metricData(long applicationId, MetricQuery metricQuery) {
		return metricData("/v2/applications/" + applicationId + "/metrics/data.json", metricQuery);
	}

	/** Metric timeslice data of one host of an application (specification 4.6), split as {@link #metricData}. */
	public MetricData hostMetricData(long applicationId, long hostId, MetricQuery metricQuery) {
		return metricData("/v2/applications/" + applicationId + "/hosts/" + hostId + "/metrics/data.json",
				metricQuery);
	}

	private MetricData metricData(String path, MetricQuery metricQuery) {
		if (metricQuery.names().size() > namesPerRequest) {
			return inParts(path, metricQuery, namesPerRequest);
		}
		try {
			return metricDataRequest(path, metricQuery);
		}
		catch (ApmException.InvalidRequest ex) {
			// servers refuse a URL past their limit with 414, some with a bare 400; with one name, 400 is about the
			// name itself and the failure stands
			int names = metricQuery.names().size();
			if (names < 2 || (ex.status() != 414 && ex.status() != 400)) {
				throw ex;
			}
			log.debug("{}; asking for its {} names in two halves", ex.getMessage(), names);
			return inParts(path, metricQuery, (names + 1) / 2);
		}
	}

	/** The names in parts of at most {@code size}, over the same range, merged into one answer. */
	private MetricData inParts(String path, MetricQuery metricQuery, int size) {
		List<String> names = metricQuery.names();
		MetricData merged = null;
		for (int start = 0; start < names.size(); start += size) {
			MetricData part = metricData(path,
					metricQuery.withNames(names.subList(start, Math.min(names.size(), start + size))));
			merged = merged == null ? part : merged.merge(part);
		}
		return merged;
	}

	private MetricData metricDataRequest(String path, MetricQuery metricQuery) {
		Query query = new Query();
		metricQuery.names().forEach(name -> query.add("names[]", name));
		metricQuery.values().forEach(value -> query.add("values[]", value));
		TimeRange range = metricQuery.range();
		query.add("from", TimeRange.format(range.from())).add("to", TimeRange.format(range.to()));
		if (metricQuery.summarize()) {
			query.add("summarize", "true");
		}
		// unformatted values: the service otherwise rounds them, and rounded parts would move the breakdown
		query.add("raw", "true");
		URI uri = uri(path, query);
		return reader.metricData(get(uri), describe(uri));
	}

	private <T> Iterator<T> pages(URI first, String member, Function<JsonNode, T> mapper) {
		return new PageIterator<>(first, uri -> page(uri, member, mapper));
	}

	private <T> Page<T> page(URI uri, String member, Function<JsonNode, T> mapper) {
		ApmResponse response = exchange(uri);
		List<T> items = reader.list(reader.tree(response.body(), describe(uri)), member, describe(uri), mapper);
		Optional<URI> next = LinkHeader.next(response.headers().get(HttpHeaders.LINK), uri);
		if (next.isPresent() && (!endpoint.isSameOrigin(next.get()) || next.get().equals(uri))) {
			throw ResponseReader.unreadable(describe(uri), "its Link rel=\"next\" leaves the service or loops");
		}
		return new Page<>(items, next);
	}

	private JsonNode get(URI uri) {
		return reader.tree(exchange(uri).body(), describe(uri));
	}

	/** One request, tried again on transient failures as the retry policy allows. */
	private ApmResponse exchange(URI uri) {
		long askedAt = System.nanoTime();
		boolean refused = false;
		try {
			for (int attempt = 1;; attempt++) {
				try {
					if (attempt > 1) {
						stats.countRetry();
					}
					return exchangeOnce(uri, askedAt);
				}
				catch (ApmException.Transient ex) {
					if (!retryPolicy.allowsAnotherAfter(attempt)) {
						throw ex;
					}
					Duration delay = retryPolicy.delay(attempt, ex.retryAfter(), RetryPolicy.jitter());
					log.debug("{}; attempt {} of {} in {} ms", ex.getMessage(), attempt + 1,
							retryPolicy.maxAttempts(), delay.toMillis());
					if (ex.status() == 429) {
						if (!refused) {
							refused = true;
							pacer.refused(true);
						}
						// the pacer does the waiting: it holds every thread back, and then lets this request, asked
						// for before those that waited behind it, go first
						pacer.holdFor(delay, retryPolicy.initialBackoff());
					}
					else {
						pause(delay, ex);
					}
				}
			}
		}
		finally {
			if (refused) {
				pacer.refused(false);
			}
		}
	}

	private ApmResponse exchangeOnce(URI uri, long askedAt) {
		String request = describe(uri);
		if (!endpoint.isSameOrigin(uri)) {
			throw new ApmException.InvalidRequest(request + ": refused, it is not on apm.base-url's origin", 0);
		}
		pacer.acquire(askedAt);
		try {
			stats.count(uri.getRawPath());
			ApmResponse response = restClient.get()
				.uri(uri)
				.header(keyHeader, endpoint.apiKey().reveal())
				.header(HttpHeaders.ACCEPT, "application/json")
				.exchange((req, res) -> new ApmResponse(res.getStatusCode().value(), res.getHeaders(),
						res.getBody().readAllBytes()), true);
			pacer.observe(response.headers());
			return ApmErrors.check(request, response, reader, clock);
		}
		catch (ResourceAccessException ex) {
			throw new ApmException.Transient(request + ": no answer (" + noAnswer(ex) + ")", 0, null);
		}
		finally {
			pacer.answered();
		}
	}

	private static void pause(Duration delay, ApmException.Transient failure) {
		try {
			Thread.sleep(delay.toMillis(), (int) (delay.toNanos() % 1_000_000));
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw failure;
		}
	}

	private URI uri(String path, Query query) {
		return URI.create(endpoint.baseUrl() + path + query);
	}

	private static String describe(URI uri) {
		return "GET " + uri.getRawPath();
	}

	/** Why there was no answer, in a user's words: a class name of the JDK's means nothing to the reader. */
	static String noAnswer(Throwable ex) {
		Throwable root = Failures.root(ex);
		if (root instanceof java.net.SocketTimeoutException || root instanceof java.net.http.HttpTimeoutException) {
			return "timed out";
		}
		if (root instanceof java.net.ConnectException) {
			return "connection refused";
		}
		if (root instanceof java.net.UnknownHostException) {
			return "unknown host";
		}
		if (root instanceof javax.net.ssl.SSLException) {
			return "TLS handshake failed";
		}
		return "connection closed before the answer was complete";
	}

	private static <T> List<T> collect(Iterator<T> items) {
		List<T> list = new ArrayList<>();
		items.forEachRemaining(list::add);
		return list;
	}

	/** A query string whose names and values are form-encoded, so {@code +} goes out as {@code %2B}. */
	static final class Query {

		private final StringJoiner parameters = new StringJoiner("&", "?", "").setEmptyValue("");

		Query add(String name, String value) {
			parameters.add(encode(name) + "=" + encode(value));
			return this;
		}

		private static String encode(String text) {
			return URLEncoder.encode(text, StandardCharsets.UTF_8);
		}

		@Override
		public String toString() {
			return parameters.toString();
		}

	}

	/**
	 * Walks a list page by page. While the caller works through one page, the next is already on its way (one
	 * request at a time, never more), so a long list costs little more than its requests' latency.
	 */
	private static final class PageIterator<T> implements Iterator<T> {

		private final Function<URI, Page<T>> fetch;

		private Iterator<T> current = List.<T>of().iterator();

		private CompletableFuture<Page<T>> nextPage;

		// pages already asked for: a service whose next links run in a circle must not page forever
		private final java.util.Set<URI> visited = new java.util.HashSet<>();

		PageIterator(URI first, Function<URI, Page<T>> fetch) {
			this.fetch = fetch;
			this.nextPage = request(first);
		}

		@Override
		public boolean hasNext() {
			while (!current.hasNext() && nextPage != null) {
				Page<T> page = await(nextPage);
				current = page.items().iterator();
				nextPage = page.next().map(this::request).orElse(null);
			}
			return current.hasNext();
		}

		private CompletableFuture<Page<T>> request(URI uri) {
			if (!visited.add(uri)) {
				throw ResponseReader.unreadable("GET " + uri.getRawPath(),
						"its Link rel=\"next\" leads back to a page already read");
			}
			return CompletableFuture.supplyAsync(() -> fetch.apply(uri), PAGE_FETCHER);
		}

		private static <P> P await(CompletableFuture<P> page) {
			try {
				return page.join();
			}
			catch (CompletionException ex) {
				if (ex.getCause() instanceof RuntimeException cause) {
					throw cause;
				}
				throw ex;
			}
		}

		@Override
		public T next() {
			if (!hasNext()) {
				throw new NoSuchElementException();
			}
			return current.next();
		}

	}

}
