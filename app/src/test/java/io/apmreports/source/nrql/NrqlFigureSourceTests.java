package io.apmreports.source.nrql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.LongStream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.apmreports.definition.ApplicationFilter;
import io.apmreports.formula.BreakdownCalculator;
import io.apmreports.formula.MetricNames;
import io.apmreports.range.TimeRange;
import io.apmreports.source.ApplicationFigures;
import io.apmreports.source.FigureStatus;
import io.apmreports.source.FigureSource;
import io.apmreports.source.HostFigures;
import io.apmreports.source.PartNotFetched;
import io.apmreports.source.RangeHosts;
import io.apmreports.source.StagedApplication;
import io.apmreports.source.TrendSlice;

/**
 * The NRQL source against a local server answering hand-made rows: NRQL values mapped to
 * REST's, hand-computed figures, absent metrics, a rejected query failing only its
 * applications, hosts numbered by name, series, and the parts that have no status of
 * their own (series, host counts over the range, key transactions' summaries) failing
 * with one line naming them when they could not be fetched.
 */
class NrqlFigureSourceTests {

	private static final TimeRange RANGE = TimeRange.parse("2026-11-09T00:00:00Z", "2026-11-09T00:02:00Z");

	private final FakeNerdGraph server = new FakeNerdGraph();

	private NrqlFigureSource source;

	@AfterEach
	void stop() {
		if (source != null) {
			source.close();
		}
		server.close();
	}

	@Test
	void figuresAreComputedFromTheRowsAsFromRestsValues() {
		// given application 1 answers these rows; 2 answers none; 3's query is refused
		server.answer(request -> {
			if (request.applicationIds().contains(3L)) {
				return FakeNerdGraph.error("INVALID_INPUT", "not understood");
			}
			if (request.nrql().contains("apdex(")) {
				return rows(request, List.of(Map.of("appId", 1, "facet", 1, "apdex",
						Map.of("score", 0.9, "s", 80, "t", 20, "f", 0, "count", 100))));
			}
			return rows(request,
					List.of(timing(1, "HttpDispatcher", 120, 0.25, 2.0),
							timing(1, "WebTransactionTotalTime", 120, 0.2, 2.0),
							timing(1, "Datastore/Postgres/allWeb", 240, 0.01, 4.0),
							timing(1, "Datastore/allWeb", 240, 0.01, 4.0), timing(1, "Errors/all", 6, 0, 0.1)));
		});
		// 11 names an application (9 of the timing family, Postgres, Errors/all): under a
		// limit of 12 each application is asked alone
		source = source(12);
		Set<Long> told = ConcurrentHashMap.newKeySet();

		// when
		List<ApplicationFigures> figures = source.figures(List.of(staged(1), staged(2), staged(3)), RANGE, true,
				application -> told.add(application.id()));

		// then
		assertThat(figures).extracting(ApplicationFigures::applicationId).containsExactly(1L, 2L, 3L);
		ApplicationFigures one = figures.get(0);
		assertThat(one.status()).isEqualTo(FigureStatus.OK);
		assertThat(one.breakdown().responseTimeMs()).isCloseTo(250.0, within(1e-9));
		assertThat(one.breakdown().throughputRpm()).isEqualTo(2.0);
		assertThat(one.breakdown().webTransactionTimeMs()).isCloseTo(200.0, within(1e-9));
		// 10 ms times 240 calls over 120 web calls
		assertThat(one.breakdown().datastoreMs()).isCloseTo(20.0, within(1e-9));
		assertThat(one.breakdown().applicationTimeMs()).isCloseTo(180.0, within(1e-9));
		assertThat(one.errorRate()).isCloseTo(6.0 / 120, within(1e-12));
		assertThat(one.apdexScore()).isEqualTo(0.9);
		assertThat(one.callVolume()).isEqualTo(120.0);
		assertThat(figures.get(1).status()).isEqualTo(FigureStatus.NO_DATA);
		assertThat(figures.get(1).statusDetail()).isEqualTo("none of the metrics was found for the range");
		assertThat(figures.get(2).status()).isEqualTo(FigureStatus.FAILED);
		assertThat(figures.get(2).statusDetail()).contains("INVALID_INPUT").contains("not understood");
		assertThat(told).containsExactlyInAnyOrder(1L, 2L, 3L);
		assertThat(source.requests().byKind()).containsEntry("nrql", 6L);
	}

	@Test
	void datastoreTimeTheConfiguredTypesMissIsFoundByPattern() {
		// given Datastore/allWeb holds 30 ms a web call, Postgres only 20
		server.answer(request -> {
			if (request.nrql().contains("LIKE 'Datastore/%/allWeb'")) {
				return rows(request,
						List.of(timing(1, "Datastore/Postgres/allWeb", 240, 0.01, 4.0),
								timing(1, "Datastore/Redis/allWeb", 120, 0.01, 2.0),
								timing(1, "Datastore/statement/Redis/x/allWeb", 1, 9.0, 1.0)));
			}
			return rows(request,
					List.of(timing(1, "HttpDispatcher", 120, 0.25, 2.0),
							timing(1, "Datastore/Postgres/allWeb", 240, 0.01, 4.0),
							timing(1, "Datastore/allWeb", 360, 0.01, 6.0)));
		});
		source = source(5000);

		ApplicationFigures figures = source.figures(List.of(staged(1)), RANGE, false, application -> {
		}).get(0);

		// then Redis was added (10 ms x 120 / 120 = 10 ms), the deeper name left out
		assertThat(figures.breakdown().provenance().datastoreTypes()).containsExactly("Postgres", "Redis");
		assertThat(figures.breakdown().datastoreMs()).isCloseTo(30.0, within(1e-9));
	}

	@Test
	void hostsAreNumberedByNameCaseInsensitive() {
		server.answer(request -> rows(request,
				List.of(host(1, "web-b", "HttpDispatcher", 10), host(1, "Web-a", "HttpDispatcher", 20),
						host(1, "web-c", "HttpDispatcher", 30), host(1, "web-c", "Datastore/Redis/allWeb", 30))));
		source = source(5000);

		List<HostFigures> hosts = source.hosts(List.of(staged(1), staged(2)), RANGE, id -> List.of());

		assertThat(hosts).extracting(HostFigures::hostId, HostFigures::hostName, HostFigures::callVolume)
			.containsExactly(tuple(1L, "Web-a", 20.0), tuple(2L, "web-b", 10.0), tuple(3L, "web-c", 30.0),
					tuple(HostFigures.NO_HOST, null, null));
		// Redis was not asked for application 1: its row does not count
		assertThat(hosts.get(2).breakdown().provenance().datastoreTypes()).isEmpty();
		assertThat(hosts.get(3).statusDetail()).isEqualTo("no host reported in about the last hour");
	}

	@Test
	void aSeriesIsSlicedByItsBuckets() {
		long start = RANGE.from().toEpochSecond();
		server.answer(request -> rows(request,
				List.of(bucket(timing(1, "HttpDispatcher", 20, 0.2, 20), start + 60, start + 120),
						bucket(timing(1, "HttpDispatcher", 10, 0.1, 10), start, start + 60),
						bucket(timing(1, "WebFrontend/QueueTime", 10, 0.05, 10), start, start + 60))));
		source = source(5000);

		List<TrendSlice> trend = source.trends(List.of(staged(1), staged(2)), RANGE);

		assertThat(server.requests().get(0).nrql()).contains("TIMESERIES 1 minutes");
		assertThat(trend).hasSize(3);
		// 100 ms, plus 50 ms of queuing x 10 / 10 web calls
		assertThat(trend.get(0).responseTimeMs()).isCloseTo(150.0, within(1e-9));
		assertThat(trend.get(0).throughputRpm()).isEqualTo(10.0);
		assertThat(trend.get(0).from()).isEqualTo(OffsetDateTime.parse("2026-11-09T00:00:00Z"));
		assertThat(trend.get(1).responseTimeMs()).isCloseTo(200.0, within(1e-9));
		assertThat(trend.get(1).slice()).isEqualTo(1);
		assertThat(trend.get(2)).isEqualTo(TrendSlice.none(2));
	}

	@ParameterizedTest(name = "until {0}")
	@ValueSource(strings = { "2026-11-09T00:02:00Z", "2026-11-10T00:00:00Z", "2026-11-16T00:00:00Z" })
	void aSeriesIsSizedByItsFacetsWhateverItsBuckets(String until) {
		// given 60 applications, two names each (120 facets), under a limit of 50, over
		// two minutes (2 buckets), a day (96) and a week (168)
		server.answer(request -> rows(request, List.of()));
		source = source(50);
		List<StagedApplication> applications = LongStream.rangeClosed(1, 60)
			.mapToObj(NrqlFigureSourceTests::staged)
			.toList();

		// when their series are asked
		source.trends(applications, TimeRange.parse("2026-11-09T00:00:00Z", until));

		// then 24 applications a query (48 facets; 50 would make an answer that may have
		// been cut), the buckets not counted, and every application asked once
		assertThat(server.requests()).extracting(request -> request.applicationIds().size())
			.containsExactlyInAnyOrder(24, 24, 12);
		assertThat(server.requests()).flatExtracting(FakeNerdGraph.Request::applicationIds)
			.containsExactlyInAnyOrderElementsOf(LongStream.rangeClosed(1, 60).boxed().toList());
	}

	@Test
	void aRefusedSeriesFailsNamingItsApplicationsNeverAnEmptySeries() {
		// given the series of applications 1 and 2 refused, 3's answered with no row: one
		// application's series a query
		server.answer(request -> request.applicationIds().contains(3L) ? rows(request, List.of())
				: FakeNerdGraph.error("INVALID_INPUT", "not understood"));
		source = source(2 * 2);

		// when the series are asked, then the refused part is named, with the service's
		// words
		assertThatExceptionOfType(PartNotFetched.class)
			.isThrownBy(() -> source.trends(List.of(staged(1), staged(2), staged(3)), RANGE))
			.withMessageStartingWith("the trend could not be fetched for application app ")
			.withMessageContaining("INVALID_INPUT (not understood)")
			.withMessageNotContaining("\n");
		// and an application without rows is an empty series, no failure
		assertThat(source.trends(List.of(staged(3)), RANGE)).containsExactly(TrendSlice.none(3));
	}

	@Test
	void aSeriesThatCannotBeReadFailsNamingItsApplication() {
		// given an answer holding two rows for one bucket of application 2
		long start = RANGE.from().toEpochSecond();
		server.answer(request -> rows(request,
				List.of(bucket(timing(1, "HttpDispatcher", 10, 0.1, 10), start, start + 60),
						bucket(timing(2, "HttpDispatcher", 10, 0.1, 10), start, start + 60),
						bucket(timing(2, "HttpDispatcher", 20, 0.1, 20), start, start + 60))));
		source = source(5000);

		// when the series are asked, then
		assertThatExceptionOfType(PartNotFetched.class)
			.isThrownBy(() -> source.trends(List.of(staged(1), staged(2)), RANGE))
			.withMessage("the trend could not be fetched for application app 2 (2): NRQL query: unreadable answer, "
					+ "the answer held two rows for a bucket of [2, HttpDispatcher]");
	}

	@Test
	void aSeriesWhoseRetriesAreSpentFailsNamingItsApplications() {
		// given a service that times out every query, tried twice
		server.answer(request -> FakeNerdGraph.error("TIMEOUT", "too slow"));
		NerdGraphClient client = server.client(2);
		MetricNames names = MetricNames.defaults();
		source = new NrqlFigureSource(client, new BreakdownCalculator(names), names, List.of(), 5000, 2,
				Clock.systemUTC());

		// when the series are asked, then the failure names them and the service's words
		assertThatExceptionOfType(PartNotFetched.class)
			.isThrownBy(() -> source.trends(List.of(staged(1), staged(2)), RANGE))
			.withMessage("the trend could not be fetched for applications app 1 (1) and app 2 (2): nrql request "
					+ "answered TIMEOUT (too slow)");
		assertThat(server.requests()).hasSize(2);
	}

	@Test
	void hostsDuringTheRangeAreCountedForEveryApplication() {
		// given one part of two applications, the first with hosts in the range, the
		// second without
		server.answer(request -> rows(request, List.of(Map.of("appId", 1, "facet", 1, "hosts", 3, "instances", 4))));
		source = source(2);

		// when the hosts of the range are asked
		List<RangeHosts> counts = source.hostsDuring(List.of(staged(1), staged(2)), RANGE).orElseThrow();

		// then the query covers the range, the first has its counts, the second none
		// (zero, not absent: it was asked)
		assertThat(server.requests().get(0).nrql()).contains("uniqueCount(host) AS hosts")
			.contains("uniqueCount(realAgentId) AS instances")
			.doesNotContain("instanceName")
			.contains("SINCE " + RANGE.from().toInstant().toEpochMilli());
		assertThat(counts).containsExactly(new RangeHosts(1, 3, 4), new RangeHosts(2, 0, 0));
	}

	@Test
	void hostCountsTheServiceRefusesFailNamingTheirApplicationsNeverTheLastHoursCounts() {
		// given a part whose count the service refuses
		server.answer(request -> {
			if (request.applicationIds().contains(3L)) {
				return FakeNerdGraph.error("INVALID_INPUT", "not understood");
			}
			return rows(request, List.of(Map.of("appId", 1, "facet", 1, "hosts", 3, "instances", 4)));
		});
		source = source(2);

		// when the hosts of the range are asked, then the refused part is named
		assertThatExceptionOfType(PartNotFetched.class)
			.isThrownBy(() -> source.hostsDuring(List.of(staged(1), staged(2), staged(3)), RANGE))
			.withMessage("the host counts over the range could not be fetched for application app 3 (3): nrql "
					+ "request answered INVALID_INPUT (not understood)");
	}

	@Test
	void keyTransactionSummariesTheServiceRefusesFailNamingTheirApplications() {
		// given two key transactions of application 1, and their summary query refused
		server.answer(request -> isAboutEntities(request) ? keyTransactionEntities(request)
				: FakeNerdGraph.error("INVALID_INPUT", "not understood"));
		source = source(5000);

		// when they are read, then the refusal is named, not a summary left empty
		assertThatExceptionOfType(PartNotFetched.class).isThrownBy(source::keyTransactions)
			.withMessage("the key transactions' 10-minute summaries could not be fetched for application 1: nrql "
					+ "request answered INVALID_INPUT (not understood)");
	}

	@Test
	void aKeyTransactionSummaryThatCannotBeReadFailsNamingIt() {
		// given a summary row whose calls are not a number
		server.answer(request -> {
			if (isAboutEntities(request)) {
				return keyTransactionEntities(request);
			}
			Map<String, Object> row = timing(1, "WebTransaction/Custom/pay", 10, 0.1, 10);
			row.put("calls", "many");
			return FakeNerdGraph.rows(List.of(row));
		});
		source = source(5000);

		// when they are read, then
		assertThatExceptionOfType(PartNotFetched.class).isThrownBy(source::keyTransactions)
			.withMessageStartingWith("the 10-minute summary could not be fetched for key transaction Pay of "
					+ "application 1: NRQL query: unreadable answer, ");
	}

	@Test
	void keyTransactionsAreReadWithTheirSummaries() {
		// given a summary row for the key transaction's metric
		server.answer(request -> isAboutEntities(request) ? keyTransactionEntities(request)
				: FakeNerdGraph.rows(List.of(timing(1, "WebTransaction/Custom/pay", 10, 0.1, 10))));
		source = source(5000);

		// when they are read, then it has its summary
		assertThat(source.keyTransactions()).singleElement().satisfies(keyTransaction -> {
			assertThat(keyTransaction.id()).isEqualTo(501);
			assertThat(keyTransaction.summary().responseTime()).isCloseTo(100.0, within(1e-9));
		});
	}

	@Test
	void anotherAccountsSourceRunsItsQueriesThereAndCountsThemApart() {
		// given the source of account 1234567 (the fake's endpoint), which asked one
		// query
		server.answer(request -> rows(request, List.of()));
		source = source(5000);
		source.trends(List.of(staged(1)), RANGE);

		// when the same source of another account asks one
		FigureSource staging = source.forAccount(7654321);
		staging.trends(List.of(staged(2)), RANGE);

		// then that query ran in the other account, and each source counts only its own
		assertThat(server.requests()).extracting(request -> request.variables().path("accountId").asLong())
			.containsExactly(1234567L, 7654321L);
		assertThat(source.requests().total()).isEqualTo(1);
		assertThat(staging.requests().total()).isEqualTo(1);
		assertThat(source.forAccount(1234567)).isSameAs(source);
	}

	@Test
	void theServiceIsNamedWithoutTheKey() {
		source = source(5000);

		assertThat(source.service()).isEqualTo(server.url().toString()).doesNotContain(FakeNerdGraph.KEY);
	}

	private NrqlFigureSource source(int maxFacets) {
		MetricNames names = MetricNames.defaults();
		return new NrqlFigureSource(server.client(1), new BreakdownCalculator(names), names, List.of("Postgres"),
				maxFacets, 2, Clock.systemUTC());
	}

	/** The rows the request selects by its application ids and names. */
	private static FakeNerdGraph.Reply rows(FakeNerdGraph.Request request, List<Map<String, Object>> rows) {
		List<String> names = request.names();
		return FakeNerdGraph.rows(rows.stream()
			.filter(row -> request.applicationIds().contains(((Number) row.get("appId")).longValue()))
			.filter(row -> names.isEmpty() || !row.containsKey("metricTimesliceName")
					|| names.contains(row.get("metricTimesliceName")))
			.toList());
	}

	private static Map<String, Object> timing(long appId, String name, double calls, double average, double rate) {
		Map<String, Object> row = new HashMap<>();
		row.put("facet", List.of(appId, name));
		row.put("appId", appId);
		row.put("metricTimesliceName", name);
		row.put("calls", calls);
		row.put("average", average);
		row.put("rate", rate);
		return row;
	}

	private static Map<String, Object> host(long appId, String host, String name, double calls) {
		Map<String, Object> row = timing(appId, name, calls, 0.1, calls);
		row.put("facet", List.of(appId, host, name));
		row.put("host", host);
		return row;
	}

	private static Map<String, Object> bucket(Map<String, Object> row, long begin, long end) {
		Map<String, Object> bucket = new HashMap<>(row);
		bucket.put("beginTimeSeconds", begin);
		bucket.put("endTimeSeconds", end);
		return bucket;
	}

	/** One page of the entity search: key transaction 501, Pay, of application 1. */
	@Test
	void anEmptySearchAsksTheAccountItselfAndStopsWhenTheKeyMayNotReadIt() {
		// given a search that finds no application, and an account the key may not read
		server.answer(request -> {
			if (request.document().contains("entitySearch")) {
				Map<String, Object> results = new HashMap<>();
				results.put("nextCursor", null);
				results.put("entities", List.of());
				return FakeNerdGraph.Reply.ok(FakeNerdGraph.JSON.writeValueAsString(
						Map.of("data", Map.of("actor", Map.of("entitySearch", Map.of("results", results))))));
			}
			return FakeNerdGraph.error("FORBIDDEN", "no access to account");
		});
		source = source(5000);

		// when the applications are listed, then the run stops with the refusal, having
		// asked the account's name rather than an NRQL query that names no application
		assertThatExceptionOfType(NerdGraphException.Refused.class)
			.isThrownBy(() -> source.applications(ApplicationFilter.all()).hasNext());
		assertThat(server.requests()).hasSize(2);
		assertThat(server.requests().get(1).document()).isEqualTo(NerdGraphClient.ACCOUNT_DOCUMENT);
	}

	private static boolean isAboutEntities(FakeNerdGraph.Request request) {
		return request.document().contains("entitySearch") || request.document().contains("entities(guids");
	}

	/**
	 * Key transaction 501 of application 1: its outline in the search, and whole when
	 * read by guid.
	 */
	private static FakeNerdGraph.Reply keyTransactionEntities(FakeNerdGraph.Request request) {
		String guid = guid("KEY_TRANSACTION", 501);
		Object actor;
		if (request.document().contains("entitySearch")) {
			Map<String, Object> results = new HashMap<>();
			results.put("nextCursor", null);
			results.put("entities", List.of(Map.of("guid", guid, "name", "Pay")));
			actor = Map.of("entitySearch", Map.of("results", results));
		}
		else {
			assertThat(request.variables().path("guids").get(0).asString()).isEqualTo(guid);
			actor = Map.of("entities", List.of(Map.of("guid", guid, "name", "Pay", "apdexTarget", 0.5, "metricName",
					"WebTransaction/Custom/pay", "application", Map.of("guid", guid("APPLICATION", 1)))));
		}
		return FakeNerdGraph.Reply.ok(FakeNerdGraph.JSON.writeValueAsString(Map.of("data", Map.of("actor", actor))));
	}

	private static String guid(String type, long id) {
		return Base64.getEncoder().encodeToString(("1234567|APM|" + type + "|" + id).getBytes(StandardCharsets.UTF_8));
	}

	private static StagedApplication staged(long id) {
		return new StagedApplication(id, "app " + id, "java", "green", true, 1, 1);
	}

}
