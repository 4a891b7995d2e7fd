package io.apmreports.source.nrql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.apmreports.definition.ApplicationFilter;
import io.apmreports.formula.Formulas;
import io.apmreports.formula.MetricValues;
import io.apmreports.source.RangeHosts;
import io.apmreports.source.StagedApplication;
import io.apmreports.source.nrql.FacetQueries.Answer;
import io.apmreports.source.nrql.FacetQueries.Part;
import io.apmreports.source.nrql.FakeNerdGraph.Reply;
import io.apmreports.testing.ContractBodies;

/**
 * The NerdGraph client reads the answers the vendor and public clients published
 * ({@code src/test/resources/contract/nerdgraph/}, each body's source in that folder's
 * README), served over HTTP: entity search pages to the last, faceted rows with one facet
 * and with several, {@code TIMESERIES} rows, {@code apdex()} in every shape, and the
 * errors NerdGraph answers with HTTP 200.
 */
class NerdGraphContractTests {

	private static final long ACCOUNT = 1234567;

	private static final List<String> BY_NAME = List.of(Nrql.APP_ID, Nrql.NAME);

	private static final String WINDOW = "SINCE 1794290400000 UNTIL 1794301200000";

	private final FakeNerdGraph server = new FakeNerdGraph();

	@AfterEach
	void stop() {
		server.close();
	}

	@Test
	void theApplicationsAreListedFromTheEntityPagesToTheLastWithTheirHostCounts() {
		// given two entity search pages, the last with a null cursor, and host counts
		// faceted by appId alone
		server.answer(request -> {
			if (request.document().contains("entitySearch")) {
				boolean first = request.variables().path("cursor").isNull();
				return body(first ? "entity-search-page-1.json" : "entity-search-page-2.json");
			}
			return body("nrql-one-facet.json");
		});

		// when the account's applications are listed
		List<StagedApplication> applications = new ArrayList<>();
		new ApplicationListing(server.client(1), ApplicationFilter.all(), Clock.systemUTC())
			.forEachRemaining(applications::add);

		// then every entity is an application with its health in REST's words, and its
		// counts from the rows
		assertThat(applications).extracting(StagedApplication::id).containsExactly(7001L, 7002L, 7003L, 7004L);
		assertThat(applications).extracting(StagedApplication::healthStatus)
			.containsExactly("green", "orange", "gray", "red");
		assertThat(applications).extracting(StagedApplication::hostCount).containsExactly(2, 1, 0, 1);
		assertThat(applications).extracting(StagedApplication::instanceCount).containsExactly(6, 2, 0, 1);
		StagedApplication checkout = applications.get(0);
		assertThat(checkout.name()).isEqualTo("Checkout Service");
		assertThat(checkout.language()).isEqualTo("java");
		assertThat(checkout.reporting()).isTrue();
		assertThat(checkout.link())
			.isEqualTo("https://one.newrelic.com/redirect/entity/MTIzNDU2N3xBUE18QVBQTElDQVRJT058NzAwMQ");
		assertThat(applications.get(2).reporting()).isFalse();
		// the second page was asked with the first page's cursor, and no third
		assertThat(server.requests()).filteredOn(request -> request.document().contains("entitySearch"))
			.extracting(request -> request.variables().path("cursor").asString(null))
			.containsExactly(null, "MjAwOjdhNGYxYzI5LTk5YjMtNGJmZS1hYjQ1LTBkNWU3YzNkMmYwMQ");
	}

	@Test
	void anEntityGuidWithoutPaddingNamesItsApplication() {
		// given the guids of the pages, base64 without padding as the service writes them
		server.answer(request -> body("entity-search-page-1.json"));

		// when a page is read
		EntityPage page = server.client(1).entities("domain = 'APM'", null);

		// then each guid ends with its application's id
		assertThat(page.entities()).extracting(entity -> Entity.idOf(entity.guid())).containsExactly(7001L, 7002L);
	}

	@Test
	void tagsAreReadAsKeysWithValues() {
		// given an entity search of the tags document
		server.answer(request -> body("entity-search-tags.json"));

		// when the applications are grouped by the tag team, matched without regard to
		// case
		Map<Long, String> teams = new EntityTagSearch(server.client(1)).values(ACCOUNT, "team");

		// then each application with the tag has its values, the one without none
		assertThat(teams).containsOnly(Map.entry(7001L, "payments"), Map.entry(7002L, "payments, finance"));
	}

	@Test
	void aDeprecationNoticeBesideAFullAnswerLeavesTheAnswerRead() {
		// given an answer with its data and an errors entry that only says a field is
		// deprecated
		server.answer(request -> body("entity-search-deprecation-notice.json"));

		// when the page is read
		EntityPage page = server.client(1).entities("domain = 'APM'", null);

		// then its entity is read as without the notice
		assertThat(page.entities()).singleElement().satisfies(entity -> {
			assertThat(entity.applicationId()).isEqualTo(7001);
			assertThat(entity.reporting()).isTrue();
		});
		assertThat(page.nextCursor()).isNull();
	}

	@Test
	void oneFacetIsReadByNameWithItsIdAsText() {
		// given rows faceted by appId alone, the id as text under facet and appId
		server.answer(request -> body("nrql-one-facet.json"));

		// when the host counts are asked for
		Map<Long, RangeHosts> counts = HostCounts.of(server.client(1), List.of(7001L, 7002L, 7004L), WINDOW);

		// then
		assertThat(counts).containsOnlyKeys(7001L, 7002L, 7004L);
		assertThat(counts.get(7001L).hosts()).isEqualTo(2);
		assertThat(counts.get(7001L).instances()).isEqualTo(6);
	}

	@Test
	void severalFacetsAreReadFromTheFacetListAlone() {
		// given rows faceted by application and metric name, without the attributes by
		// name
		server.answer(request -> body("nrql-several-facets.json"));

		// when the timing family is asked as every section asks it
		Answer answer = new FacetQueries(server.client(1), 5000).askByName(Nrql.TIMING,
				new Part(List.of(7001L),
						List.of("HttpDispatcher", "WebFrontend/QueueTime", "Datastore/Postgres/allWeb")),
				BY_NAME, WINDOW);

		// then each row is its application's metric, in REST's values
		assertThat(answer.failures()).isEmpty();
		Map<String, FacetRow> rows = Snapshots.by(answer.byApplication().get(7001L), 1);
		assertThat(rows).containsOnlyKeys("HttpDispatcher", "WebFrontend/QueueTime", "Datastore/Postgres/allWeb");
		MetricValues web = Snapshots.timing(rows.get("HttpDispatcher"));
		assertThat(web.callCount()).isEqualTo(99770.0);
		assertThat(web.averageResponseTime()).isEqualTo(364.0);
		assertThat(web.requestsPerMinute()).isEqualTo(3325.6);
		// a metric without calls is present with an average of 0, as REST answers it
		assertThat(Snapshots.timing(rows.get("Datastore/Postgres/allWeb")).averageResponseTime()).isZero();
	}

	@Test
	void timeseriesRowsAreReadBucketByBucketEmptyBucketsIncluded() {
		// given a series of three hourly buckets of two metrics, the middle one empty
		server.answer(request -> body("nrql-timeseries.json"));

		// when it is asked for
		Answer answer = new FacetQueries(server.client(1), 5000).askByName(Nrql.TIMING,
				new Part(List.of(7001L), List.of("HttpDispatcher", "WebFrontend/QueueTime")), BY_NAME,
				WINDOW + " TIMESERIES 60 minutes");

		// then every bucket is a row with its bounds, and the facets are counted once
		List<FacetRow> web = answer.byApplication()
			.get(7001L)
			.stream()
			.filter(row -> row.facet(1).equals("HttpDispatcher"))
			.toList();
		assertThat(answer.rows()).hasSize(6);
		assertThat(web).extracting(row -> Instant.ofEpochSecond(row.seconds("beginTimeSeconds")))
			.containsExactly(Instant.parse("2026-11-10T06:00:00Z"), Instant.parse("2026-11-10T07:00:00Z"),
					Instant.parse("2026-11-10T08:00:00Z"));
		assertThat(web.get(0).seconds("endTimeSeconds") - web.get(0).seconds("beginTimeSeconds")).isEqualTo(3600);
		assertThat(Snapshots.timing(web.get(0)).averageResponseTime()).isEqualTo(250.0);
		assertThat(Snapshots.timing(web.get(1)).callCount()).isZero();
		assertThat(Snapshots.timing(web.get(2)).requestsPerMinute()).isEqualTo(30.0);
		assertThat(Instant.ofEpochSecond(web.get(2).seconds("endTimeSeconds")).atOffset(ZoneOffset.UTC).getHour())
			.isEqualTo(9);
	}

	@ParameterizedTest
	@ValueSource(strings = { "nrql-apdex-nested.json", "nrql-apdex-flat.json", "nrql-apdex-prefixed.json" })
	void apdexIsReadInEveryShape(String body) {
		// given an application's Apdex in the shape under test
		server.answer(request -> body(body));

		// when it is asked for as the figures ask it
		Answer answer = new FacetQueries(server.client(1), 5000).askByName(Nrql.APDEX,
				new Part(List.of(7001L), List.of("Apdex")), List.of(Nrql.APP_ID), WINDOW);

		// then its counts and score are the service's
		MetricValues apdex = Snapshots.apdex(answer.byApplication().get(7001L).get(0));
		assertThat(apdex.values()).containsOnly(Map.entry("score", 0.93), Map.entry("s", 900.0), Map.entry("t", 60.0),
				Map.entry("f", 40.0), Map.entry("count", 1000.0));
		assertThat(Formulas.apdexScore(apdex)).isEqualTo(0.93);
	}

	@Test
	void aTimeoutIsTriedAgainLater() {
		server.answer(request -> body("error-timeout.json"));

		NerdGraphException.Transient failure = catchThrowableOfType(NerdGraphException.Transient.class,
				() -> server.client(1).nrql("SELECT count(x) FROM Metric"));

		assertThat(failure).hasMessageContaining("TIMEOUT");
		assertThat(failure.tooManyRequests()).isFalse();
	}

	@Test
	void tooManyRequestsIsTheAccountsLimit() {
		server.answer(request -> body("error-too-many-requests.json"));

		NerdGraphException.Transient failure = catchThrowableOfType(NerdGraphException.Transient.class,
				() -> server.client(1).nrql("SELECT count(x) FROM Metric"));

		assertThat(failure.tooManyRequests()).isTrue();
	}

	@Test
	void aBadApiKeyStopsTheRun() {
		server.answer(request -> body("error-bad-api-key.json"));

		NerdGraphException.Refused failure = catchThrowableOfType(NerdGraphException.Refused.class,
				() -> server.client(1).nrql("SELECT count(x) FROM Metric"));

		assertThat(failure).hasMessageContaining("the API key was refused (Invalid API key)");
	}

	@Test
	void aFieldTheSchemaDoesNotHaveRefusesTheDocumentAndIsQuoted() {
		server.answer(request -> body("error-cannot-query-field.json"));

		NerdGraphException.Rejected failure = catchThrowableOfType(NerdGraphException.Rejected.class,
				() -> server.client(1).entities("domain = 'APM'", null));

		assertThat(failure)
			.hasMessageContaining("Cannot query field \"apdexTarget\" on type \"KeyTransactionEntityOutline\".");
	}

	private static Reply body(String name) {
		return Reply.ok(ContractBodies.body("nerdgraph/" + name));
	}

}
