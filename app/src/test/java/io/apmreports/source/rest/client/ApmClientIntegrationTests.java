package io.apmreports.source.rest.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.math.BigDecimal;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.web.client.RestClient;

import io.apmreports.definition.ApplicationFilter;
import io.apmreports.range.TimeRange;
import io.apmreports.sandbox.Faults;
import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.sandbox.SandboxServer;
import io.apmreports.sandbox.SyntheticApplication;
import io.apmreports.sandbox.SyntheticHost;
import io.apmreports.sandbox.SyntheticKeyTransaction;
import io.apmreports.source.KeyTransaction;
import io.apmreports.source.access.ApiKey;
import io.apmreports.source.access.RequestPacer;
import io.apmreports.source.access.RetryPolicy;

/**
 * The client against the sandbox over real HTTP: paging to the end, filters, every
 * endpoint, the metric-data shape, the {@code %2B} encoding of offsets and the typed
 * failures.
 */
class ApmClientIntegrationTests {

	private static final String KEY = "integration-secret-key-4711";

	private static final long CHECKOUT = 1001;

	private static final long SEARCH_GATEWAY = 1006;

	/** Two whole hours on a weekday, so expected sums are two hourly samples per host. */
	private static final OffsetDateTime FROM = OffsetDateTime.of(2024, 3, 5, 9, 0, 0, 0, ZoneOffset.UTC);

	private static final TimeRange TWO_HOURS = new TimeRange(FROM, FROM.plusHours(2));

	private static SandboxServer server;

	private static ApmClient client;

	@BeforeAll
	static void start() {
		server = SandboxServer.start(SandboxOptions.demo(KEY));
		client = client(server.baseUrl(), KEY);
	}

	@AfterAll
	static void stop() {
		server.close();
	}

	static ApmClient client(URI baseUrl, String key) {
		return client(baseUrl, key, RetryPolicy.none());
	}

	static ApmClient client(URI baseUrl, String key, RetryPolicy retryPolicy) {
		return client(baseUrl, key, retryPolicy, 30);
	}

	static ApmClient client(URI baseUrl, String key, RetryPolicy retryPolicy, int namesPerRequest) {
		RestClient rest = RestClient.builder()
			.requestFactory(new JdkClientHttpRequestFactory(
					HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build()))
			.build();
		return new ApmClient(rest, new ApmEndpoint(baseUrl, new ApiKey(key)), "X-Api-Key", retryPolicy,
				RequestPacer.unlimited(), Clock.systemUTC(), namesPerRequest);
	}

	@Test
	void everyApplicationIsListedExactlyOnceAcrossAllPages() {
		// given the 13-application demo account served five a page
		List<Long> expected = server.account().applications().stream().map(SyntheticApplication::id).toList();
		long before = server.requests().count("applications");

		// when all applications are listed
		List<Long> listed = new ArrayList<>();
		client.applications(ApplicationFilter.all()).forEachRemaining(app -> listed.add(app.id()));

		// then each id comes once, none is missing, and exactly ceil(13/5) = 3 pages were
		// fetched
		assertThat(listed).hasSize(13).doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(expected);
		assertThat(server.requests().count("applications") - before).isEqualTo(3);
	}

	@Test
	void listedApplicationsCarryTheirRecordFields() {
		// given the demo account
		SyntheticApplication checkout = server.account().application(CHECKOUT).orElseThrow();

		// when the applications are listed
		Application listed = toList(client.applications(ApplicationFilter.all())).stream()
			.filter(app -> app.id() == CHECKOUT)
			.findFirst()
			.orElseThrow();

		// then name, language, health, hosts and the extra summary counts are read
		assertThat(listed.name()).isEqualTo(checkout.name());
		assertThat(listed.language()).isEqualTo("java");
		assertThat(listed.healthStatus()).isEqualTo(checkout.healthStatus());
		assertThat(listed.reporting()).isTrue();
		assertThat(listed.lastReportedAt()).isNotNull();
		assertThat(listed.hostIds())
			.containsExactlyElementsOf(checkout.hosts().stream().map(SyntheticHost::id).toList());
		assertThat(listed.hostCount()).isEqualTo(checkout.hosts().size());
		assertThat(listed.instanceCount()).isEqualTo(checkout.instanceIds().size());
	}

	@Test
	void theIteratorFetchesOnlyOnePageAheadOfTheIteration() throws InterruptedException {
		// given a fresh iteration over all applications, 5 to a page
		long before = server.requests().count("applications");
		Iterator<Application> applications = client.applications(ApplicationFilter.all());

		// when only the first five (the first page) are read
		for (int i = 0; i < 5; i++) {
			applications.next();
		}

		// then the second page is asked for ahead of need, and the third is not: it waits
		// for the second to be read
		assertThat(server.requests().await("applications", before + 2, Duration.ofSeconds(10))).isTrue();
		assertThat(server.requests().count("applications") - before).isEqualTo(2);
	}

	@Test
	void applicationsAreFilteredByNameSubstring() {
		// given a substring that two applications share, and a full name with a space
		// when the applications are filtered by them
		List<String> store = names(client.applications(new ApplicationFilter("Storefront", null)));
		List<String> checkout = names(client.applications(new ApplicationFilter("Checkout Service", null)));

		// then only the matching applications come back
		assertThat(store).containsExactlyInAnyOrder("Storefront", "Storefront Legacy");
		assertThat(checkout).containsExactly("Checkout Service");
	}

	@Test
	void applicationsAreFilteredByIds() {
		// given two ids when the applications are filtered by them
		List<Long> ids = toList(client.applications(new ApplicationFilter(null, List.of(1003L, 1010L)))).stream()
			.map(Application::id)
			.toList();

		// then exactly those come back
		assertThat(ids).containsExactlyInAnyOrder(1003L, 1010L);
	}

	@Test
	void oneApplicationIsReadFromTheRealEnvelope() {
		// given an application of the account
		SyntheticApplication expected = server.account().application(CHECKOUT).orElseThrow();

		// when it is fetched by id
		Application application = client.application(CHECKOUT);

		// then it is read from {"application": {...}}
		assertThat(application.id()).isEqualTo(CHECKOUT);
		assertThat(application.name()).isEqualTo(expected.name());
		assertThat(application.summary()).isNotNull();
		assertThat(application.summary().apdexTarget()).isEqualTo(expected.apdexThreshold());
	}

	@Test
	void keyTransactionsAreListedAcrossPagesAndFilteredByName() {
		// given six key transactions, more than one page of five
		List<Long> expected = server.account().keyTransactions().stream().map(SyntheticKeyTransaction::id).toList();

		// when they are listed, all and by name
		List<KeyTransaction> all = client.keyTransactions(null);
		List<KeyTransaction> checkout = client.keyTransactions("Checkout");

		// then all six come, and the filter keeps the two checkout ones
		assertThat(all).extracting(KeyTransaction::id).containsExactlyInAnyOrderElementsOf(expected);
		assertThat(checkout).extracting(KeyTransaction::id).containsExactlyInAnyOrder(501L, 502L);
	}

	@Test
	void oneKeyTransactionIsReadWithItsApplication() {
		// given key transaction 503 of Storefront when it is fetched
		KeyTransaction keyTransaction = client.keyTransaction(503);

		// then its fields and parent application are read
		assertThat(keyTransaction.id()).isEqualTo(503);
		assertThat(keyTransaction.name()).isEqualTo("Storefront product page");
		assertThat(keyTransaction.transactionName()).isEqualTo("WebTransaction/Controller/products/show");
		assertThat(keyTransaction.applicationId()).isEqualTo(1004);
	}

	@Test
	void hostsCarryTheHostNamesOfTheAccount() {
		// given Checkout Service with six hosts (more than a page)
		List<SyntheticHost> expected = server.account().application(CHECKOUT).orElseThrow().hosts();

		// when its hosts are listed
		List<ApplicationHost> hosts = client.hosts(CHECKOUT);

		// then ids and names match the account
		assertThat(hosts).extracting(ApplicationHost::id)
			.containsExactlyInAnyOrderElementsOf(expected.stream().map(SyntheticHost::id).toList());
		assertThat(hosts).extracting(ApplicationHost::host)
			.containsExactlyInAnyOrderElementsOf(expected.stream().map(SyntheticHost::hostName).toList());
		assertThat(hosts).allSatisfy(host -> assertThat(host.applicationName()).isEqualTo("Checkout Service"));
	}

	@Test
	void metricNamesAreListedBySubstring() {
		// given Checkout Service, which reports two datastores and their roll-ups (six
		// names, two pages)
		List<String> expected = server.account()
			.application(CHECKOUT)
			.orElseThrow()
			.metricNames()
			.stream()
			.filter(name -> name.contains("Datastore/"))
			.toList();

		// when the names containing "Datastore/" are listed
		List<String> names = client.metricNames(CHECKOUT, "Datastore/");

		// then they are all there and nothing else
		assertThat(names).hasSize(6)
			.containsExactlyInAnyOrderElementsOf(expected)
			.contains("Datastore/Postgres/allWeb");
	}

	@Test
	void summarizedMetricDataHasOneTimesliceWithValuesAndListsAbsentNames() {
		// given Search Gateway, which never reported queuing
		List<String> names = List.of("HttpDispatcher", "Datastore/Elasticsearch/allWeb", "WebFrontend/QueueTime");

		// when the timing family is asked for, summarized over two hours
		MetricData data = client.metricData(SEARCH_GATEWAY,
				MetricQuery.summarized(names, MetricQuery.TIMING_VALUES, TWO_HOURS));

		// then the found metrics have one timeslice with every timing value, and the
		// queue is "not found"
		assertThat(data.notFound()).containsExactly("WebFrontend/QueueTime");
		assertThat(data.metrics()).containsOnlyKeys("HttpDispatcher", "Datastore/Elasticsearch/allWeb");
		data.metrics().forEach((name, slices) -> {
			assertThat(slices).as(name).hasSize(1);
			assertThat(slices.get(0).values()).as(name).containsOnlyKeys(MetricQuery.TIMING_VALUES);
			assertThat(slices.get(0).values().get("call_count")).as(name).isPositive();
		});
		assertThat(callCount(data, "HttpDispatcher"))
			.isEqualTo(expectedCalls(SEARCH_GATEWAY, hostIds(SEARCH_GATEWAY), "HttpDispatcher"));
	}

	@Test
	void aFamilyOfMoreNamesThanARequestTakesIsFetchedInSeveralRequestsOverTheSameRange() {
		// given eight names of the timing family, one of them never reported, and a
		// client that asks for three a request
		List<String> names = List.of("HttpDispatcher", "WebTransactionTotalTime", "WebFrontend/QueueTime",
				"Datastore/allWeb", "Datastore/Postgres/allWeb", "Datastore/Neptune/allWeb", "Datastore/Redis/allWeb",
				"External/allWeb");
		MetricQuery query = MetricQuery.summarized(names, MetricQuery.TIMING_VALUES, TWO_HOURS);
		ApmClient threeAtATime = client(server.baseUrl(), KEY, RetryPolicy.none(), 3);
		MetricData whole = client.metricData(CHECKOUT, query);
		long before = server.requests().count("metric-data");

		// when the family is fetched
		MetricData split = threeAtATime.metricData(CHECKOUT, query);

		// then it took three requests, and the answer is the one a single request gives
		assertThat(server.requests().count("metric-data") - before).isEqualTo(3);
		assertThat(split.metrics()).isEqualTo(whole.metrics());
		assertThat(split.notFound()).isEqualTo(whole.notFound()).isNotEmpty();
		assertThat(split.metrics()).hasSize(names.size() - split.notFound().size());
	}

	@Test
	void aRequestRefusedAsTooLongIsAskedForAgainInHalvesUntilItFits() {
		// given a service whose front server refuses URLs longer than about five names of
		// the timing family
		List<String> names = List.of("HttpDispatcher", "WebTransactionTotalTime", "WebFrontend/QueueTime",
				"OtherTransaction/all", "Database/allWeb", "ActiveRecord/all", "Memcache/allWeb", "External/allWeb",
				"Datastore/allWeb", "Datastore/Postgres/allWeb", "Datastore/Redis/allWeb", "Datastore/MySQL/allWeb",
				"Datastore/MongoDB/allWeb");
		MetricQuery query = MetricQuery.summarized(names, MetricQuery.TIMING_VALUES, TWO_HOURS);
		try (SandboxServer strict = SandboxServer
			.start(SandboxOptions.demo(KEY).withFaults(Faults.none().withMaxUrlLength(420)))) {
			ApmClient strictClient = client(strict.baseUrl(), KEY);

			// when the family's thirteen names are asked for in one request
			MetricData data = strictClient.metricData(CHECKOUT, query);

			// then the 13 names were refused, then their halves of 7 and 6, and their
			// halves of 4 + 3 and 3 + 3 were answered: every name's values are those of a
			// service without the limit
			assertThat(strict.requests().failures(414)).isEqualTo(3);
			assertThat(strict.requests().count("metric-data")).isEqualTo(3 + 4);
			MetricData unlimited = client.metricData(CHECKOUT, query);
			assertThat(data.metrics()).isEqualTo(unlimited.metrics());
			assertThat(data.notFound()).isEqualTo(unlimited.notFound());
		}
	}

	@ParameterizedTest(name = "{0}")
	@ValueSource(ints = { 414, 400 })
	void aRequestRefusedAsTooLongOrBadIsSplitAndTheRefusalOfOneNameIsTheFailure(int status) {
		// given a service that refuses any metric-data URL as too long, or every request
		// as bad, and two names
		MetricQuery query = MetricQuery.summarized(List.of("HttpDispatcher", "Datastore/allWeb"),
				MetricQuery.TIMING_VALUES, TWO_HOURS);
		Faults refusing = status == 414 ? Faults.none().withMaxUrlLength(60) : Faults.none().withFailEvery(400, 1);
		try (SandboxServer strict = SandboxServer.start(SandboxOptions.demo(KEY).withFaults(refusing))) {
			ApmClient strictClient = client(strict.baseUrl(), KEY);

			// when they are asked for
			ApmException.InvalidRequest failure = catchThrowableOfType(ApmException.InvalidRequest.class,
					() -> strictClient.metricData(CHECKOUT, query));

			// then both names, then the first alone, were tried, and the refusal of one
			// name is the failure
			assertThat(failure).isNotNull();
			assertThat(failure.status()).isEqualTo(status);
			assertThat(failure.getMessage()).contains("/v2/applications/" + CHECKOUT + "/metrics/data.json")
				.contains(Integer.toString(status));
			assertThat(strict.requests().count("metric-data")).isEqualTo(2);
		}
	}

	@Test
	void valuesAreAskedForUnformatted() {
		// given a time the service would round to three significant figures unless asked
		// for raw values
		MetricQuery query = MetricQuery.summarized(List.of("HttpDispatcher"), MetricQuery.TIMING_VALUES, TWO_HOURS);

		// when it is fetched
		double average = client.metricData(CHECKOUT, query)
			.metrics()
			.get("HttpDispatcher")
			.get(0)
			.values()
			.get("average_call_time");

		// then it comes with all its digits
		assertThat(BigDecimal.valueOf(average).stripTrailingZeros().precision()).isGreaterThan(3);
	}

	@Test
	void hostMetricDataCoversOnlyThatHost() {
		// given one host of Checkout Service
		long hostId = server.account().application(CHECKOUT).orElseThrow().hosts().get(2).id();
		MetricQuery query = MetricQuery.summarized(List.of("HttpDispatcher"), List.of("call_count"), TWO_HOURS);

		// when the host's data and the application's data are fetched
		MetricData host = client.hostMetricData(CHECKOUT, hostId, query);
		MetricData application = client.metricData(CHECKOUT, query);

		// then the host's calls are that host's samples only, fewer than the
		// application's
		assertThat(callCount(host, "HttpDispatcher"))
			.isEqualTo(expectedCalls(CHECKOUT, List.of(hostId), "HttpDispatcher"));
		assertThat(callCount(host, "HttpDispatcher")).isLessThan(callCount(application, "HttpDispatcher"));
	}

	@Test
	void aRangeWithAPositiveOffsetIsSentEncodedAndAccepted() {
		// given the same two hours written at +01:00, so the query carries '+'
		ZoneOffset plusOne = ZoneOffset.ofHours(1);
		TimeRange plusOneRange = new TimeRange(FROM.withOffsetSameInstant(plusOne),
				FROM.plusHours(2).withOffsetSameInstant(plusOne));
		assertThat(TimeRange.format(plusOneRange.from())).contains("+01:00");
		List<String> names = List.of("HttpDispatcher");

		// when the data is fetched with it and with the UTC range
		MetricData plus = client.metricData(CHECKOUT,
				MetricQuery.summarized(names, List.of("call_count"), plusOneRange));
		MetricData utc = client.metricData(CHECKOUT, MetricQuery.summarized(names, List.of("call_count"), TWO_HOURS));

		// then the service understood the offset (an unencoded '+' decodes to a space and
		// is refused with 422)
		assertThat(plus.from().toInstant()).isEqualTo(FROM.toInstant());
		assertThat(callCount(plus, "HttpDispatcher")).isEqualTo(callCount(utc, "HttpDispatcher"));
	}

	@Test
	void aWrongKeyIsAnAuthenticationFailureThatDoesNotShowTheKey() {
		// given a client with a key the service does not know
		String wrongKey = "wrong-key-do-not-print-9f3c";
		ApmClient wrong = client(server.baseUrl(), wrongKey);

		// when it lists applications
		ApmException.Authentication failure = catchThrowableOfType(ApmException.Authentication.class,
				() -> wrong.applications(ApplicationFilter.all()).hasNext());

		// then the failure is typed, says 401 and carries neither key
		assertThat(failure).isNotNull();
		assertThat(failure.status()).isEqualTo(401);
		assertThat(failure.getMessage()).contains("401").doesNotContain(wrongKey).doesNotContain(KEY);
	}

	@Test
	void anUnknownApplicationIsNotFound() {
		// given an id the account does not have when it is fetched, and its metric data
		// asked for
		ApmException.NotFound application = catchThrowableOfType(ApmException.NotFound.class,
				() -> client.application(999_999));
		ApmException.NotFound data = catchThrowableOfType(ApmException.NotFound.class, () -> client.metricData(999_999,
				MetricQuery.summarized(List.of("HttpDispatcher"), List.of("call_count"), TWO_HOURS)));

		// then both are NotFound with status 404
		assertThat(application).isNotNull();
		assertThat(application.status()).isEqualTo(404);
		assertThat(data).isNotNull();
	}

	@Test
	void anApplicationThatVanishesAfterTheListIsNotFound() {
		// given a server on which Marketing Site is listed but answers 404 everywhere
		// else
		long vanished = 1013;
		try (SandboxServer vanishing = SandboxServer
			.start(SandboxOptions.demo(KEY).withVanishedApplicationIds(Set.of(vanished)))) {
			ApmClient vanishingClient = client(vanishing.baseUrl(), KEY);

			// when it is listed and then read
			List<Long> listed = toList(vanishingClient.applications(ApplicationFilter.all())).stream()
				.map(Application::id)
				.toList();
			Throwable read = catchThrowableOfType(ApmException.NotFound.class,
					() -> vanishingClient.application(vanished));
			Throwable data = catchThrowableOfType(ApmException.NotFound.class,
					() -> vanishingClient.metricData(vanished,
							MetricQuery.summarized(List.of("HttpDispatcher"), List.of("call_count"), TWO_HOURS)));
			Throwable hosts = catchThrowableOfType(ApmException.NotFound.class, () -> vanishingClient.hosts(vanished));

			// then it was listed, and every later call is NotFound
			assertThat(listed).contains(vanished);
			assertThat(read).isNotNull();
			assertThat(data).isNotNull();
			assertThat(hosts).isNotNull();
		}
	}

	@Test
	void aClosedPortIsATransientFailure() throws Exception {
		// given a loopback port nobody listens on
		int port;
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			port = socket.getLocalPort();
		}
		ApmClient nowhere = client(URI.create("http://127.0.0.1:" + port), KEY);

		// when the client asks it for an application
		ApmException.Transient failure = catchThrowableOfType(ApmException.Transient.class,
				() -> nowhere.application(CHECKOUT));

		// then the failure is Transient, without an HTTP status and without the key
		assertThat(failure).isNotNull();
		assertThat(failure.status()).isZero();
		assertThat(failure.getMessage()).doesNotContain(KEY);
	}

	private static double callCount(MetricData data, String name) {
		return data.metrics().get(name).get(0).values().get("call_count");
	}

	private static List<Long> hostIds(long applicationId) {
		return server.account()
			.application(applicationId)
			.orElseThrow()
			.hosts()
			.stream()
			.map(SyntheticHost::id)
			.toList();
	}

	/** Calls in {@link #TWO_HOURS}: every minute of an hour carries the hour's sample. */
	private static double expectedCalls(long applicationId, List<Long> hostIds, String metric) {
		long calls = 0;
		for (long hostId : hostIds) {
			for (int hour = 0; hour < 2; hour++) {
				Instant hourStart = FROM.plusHours(hour).toInstant();
				calls += server.account().sample(applicationId, hostId, metric, hourStart).callsPerMinute() * 60;
			}
		}
		return calls;
	}

	private static <T> List<T> toList(Iterator<T> items) {
		List<T> list = new ArrayList<>();
		items.forEachRemaining(list::add);
		return list;
	}

	private static List<String> names(Iterator<Application> applications) {
		return toList(applications).stream().map(Application::name).toList();
	}

}
