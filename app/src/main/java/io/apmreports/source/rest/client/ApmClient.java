package io.apmreports.source.rest.client;

import java.net.URI;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.StringJoiner;
import java.util.function.Function;

import org.springframework.http.HttpHeaders;
import org.springframework.web.client.RestClient;
import tools.jackson.databind.JsonNode;

import io.apmreports.definition.ApplicationFilter;
import io.apmreports.range.TimeRange;
import io.apmreports.source.KeyTransaction;
import io.apmreports.source.RequestStats;
import io.apmreports.source.access.RequestPacer;
import io.apmreports.source.access.RetryPolicy;

/**
 * The client of every endpoint of the Application Performance Query Service (REST v2).
 * Lists follow {@code Link: rel="next"} to the end; failures are typed
 * ({@link ApmException}); the key is sent only to the configured origin.
 */
public class ApmClient {

	private final ApmEndpoint endpoint;

	private final ResponseReader reader = new ResponseReader();

	private final RequestStats stats = new RequestStats();

	private final ApmExchange exchange;

	private final MetricDataSplitter metricData;

	private final Object metricNamesLock = new Object();

	/**
	 * A client that neither retries, paces nor splits metric-data requests by their
	 * names, for tests.
	 */
	public ApmClient(RestClient restClient, ApmEndpoint endpoint, String keyHeader) {
		this(restClient, endpoint, keyHeader, RetryPolicy.none(), RequestPacer.unlimited(), Clock.systemUTC(),
				Integer.MAX_VALUE);
	}

	/**
	 * @param namesPerRequest the most metric names one metric-data request asks for; more
	 * are split into several requests over the same range
	 */
	public ApmClient(RestClient restClient, ApmEndpoint endpoint, String keyHeader, RetryPolicy retryPolicy,
			RequestPacer pacer, Clock clock, int namesPerRequest) {
		this.endpoint = endpoint;
		this.exchange = new ApmExchange(restClient, endpoint, keyHeader, reader, retryPolicy, pacer, clock, stats);
		this.metricData = new MetricDataSplitter(namesPerRequest, this::metricDataRequest);
	}

	/** The requests this client made so far. */
	/** The service's base URL, without {@code /v2}. */
	public URI baseUrl() {
		return endpoint.baseUrl();
	}

	public RequestStats stats() {
		return stats;
	}

	/**
	 * Every application the filter selects, page by page as the iteration goes, so memory
	 * stays flat.
	 */
	public Iterator<Application> applications(ApplicationFilter filter) {
		QueryString query = new QueryString();
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
	Page<Application> applicationsPage(URI page) {
		return page(page, "applications", reader::application);
	}

	public Application application(long applicationId) {
		URI uri = uri("/v2/applications/" + applicationId + ".json", new QueryString());
		return reader.singleApplication(exchange.get(uri), ApmExchange.describe(uri));
	}

	/** The hosts of an application, with their names. */
	public List<ApplicationHost> hosts(long applicationId) {
		return collect(pages(uri("/v2/applications/" + applicationId + "/hosts.json", new QueryString()),
				"application_hosts", reader::host));
	}

	/** Key transactions, optionally those whose name contains {@code nameFilter}. */
	public List<KeyTransaction> keyTransactions(String nameFilter) {
		QueryString query = new QueryString();
		if (nameFilter != null && !nameFilter.isEmpty()) {
			query.add("filter[name]", nameFilter);
		}
		return collect(pages(uri("/v2/key_transactions.json", query), "key_transactions", reader::keyTransaction));
	}

	public KeyTransaction keyTransaction(long keyTransactionId) {
		URI uri = uri("/v2/key_transactions/" + keyTransactionId + ".json", new QueryString());
		return reader.singleKeyTransaction(exchange.get(uri), ApmExchange.describe(uri));
	}

	/**
	 * Names of the application's metrics that contain {@code name}. The listing is
	 * expensive on the service, so callers make it once per application and run, and this
	 * client never makes two at the same time.
	 */
	public List<String> metricNames(long applicationId, String name) {
		QueryString query = new QueryString().add("name", name);
		synchronized (metricNamesLock) {
			return collect(pages(uri("/v2/applications/" + applicationId + "/metrics.json", query), "metrics",
					reader::metricName));
		}
	}

	/**
	 * Metric timeslice data of an application (specification 4.5), in as many requests as
	 * its names need: at most {@code apm.names-per-request} names each, and fewer when
	 * the service refuses a request as too long.
	 */
	public MetricData metricData(long applicationId, MetricQuery metricQuery) {
		return metricData.metricData("/v2/applications/" + applicationId + "/metrics/data.json", metricQuery);
	}

	/**
	 * Metric timeslice data of one host of an application (specification 4.6), split as
	 * {@link #metricData}.
	 */
	public MetricData hostMetricData(long applicationId, long hostId, MetricQuery metricQuery) {
		return metricData.metricData("/v2/applications/" + applicationId + "/hosts/" + hostId + "/metrics/data.json",
				metricQuery);
	}

	private MetricData metricDataRequest(String path, MetricQuery metricQuery) {
		QueryString query = new QueryString();
		metricQuery.names().forEach(name -> query.add("names[]", name));
		metricQuery.values().forEach(value -> query.add("values[]", value));
		TimeRange range = metricQuery.range();
		query.add("from", TimeRange.format(range.from())).add("to", TimeRange.format(range.to()));
		if (metricQuery.summarize()) {
			query.add("summarize", "true");
		}
		// unformatted values: the service otherwise rounds them, and rounded parts would
		// move the breakdown
		query.add("raw", "true");
		URI uri = uri(path, query);
		return reader.metricData(exchange.get(uri), ApmExchange.describe(uri));
	}

	private <T> Iterator<T> pages(URI first, String member, Function<JsonNode, T> mapper) {
		return new PageIterator<>(first, uri -> page(uri, member, mapper));
	}

	private <T> Page<T> page(URI uri, String member, Function<JsonNode, T> mapper) {
		String request = ApmExchange.describe(uri);
		ApmResponse response = exchange.exchange(uri);
		List<T> items = reader.list(reader.tree(response.body(), request), member, request, mapper);
		Optional<URI> next = LinkHeader.next(response.headers().get(HttpHeaders.LINK), uri);
		if (next.isPresent() && (!endpoint.isSameOrigin(next.get()) || next.get().equals(uri))) {
			throw ResponseReader.unreadable(request, "its Link rel=\"next\" leaves the service or loops");
		}
		return new Page<>(items, next);
	}

	private URI uri(String path, QueryString query) {
		return URI.create(endpoint.baseUrl() + path + query);
	}

	private static <T> List<T> collect(Iterator<T> items) {
		List<T> list = new ArrayList<>();
		items.forEachRemaining(list::add);
		return list;
	}

}
