package io.apmreports.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class NrqlParserTests {

	private static final String V = "newrelic.timeslice.value";

	@Test
	void theFiguresQueryOfTheContractIsUnderstood() {
		// given the client's figures query
		String nrql = "SELECT count(" + V + ") AS calls, average(" + V + ") AS average, rate(count(" + V
				+ "), 1 minute) AS rate FROM Metric WHERE appId IN (1001, 1002) AND metricTimesliceName IN "
				+ "('HttpDispatcher', 'Errors/all') FACET appId, metricTimesliceName SINCE 1709630220000 "
				+ "UNTIL 1709651820000 LIMIT MAX";

		// when it is parsed
		NrqlQuery query = NrqlParser.parse(nrql);

		// then every part is read
		assertThat(query.select()).extracting(NrqlQuery.Select::name).containsExactly("calls", "average", "rate");
		assertThat(query.select().get(2).function().kind()).isEqualTo(NrqlFunction.Kind.RATE);
		assertThat(query.select().get(2).function().perMinutes()).isEqualTo(1);
		assertThat(query.where()).containsExactly(
				new NrqlCondition("appId", NrqlCondition.Operator.IN, List.of("1001", "1002")), new NrqlCondition(
						"metricTimesliceName", NrqlCondition.Operator.IN, List.of("HttpDispatcher", "Errors/all")));
		assertThat(query.facets()).containsExactly("appId", "metricTimesliceName");
		assertThat(query.since().epochMillis()).isEqualTo(1_709_630_220_000L);
		assertThat(query.until().epochMillis()).isEqualTo(1_709_651_820_000L);
		assertThat(query.limit()).isEqualTo(-1);
		assertThat(query.bucketMinutes()).isZero();
	}

	@Test
	void clausesComeInAnyOrderWithKeywordsInAnyCase() {
		// given a query with lower-case keywords, clauses shuffled, filter(), a
		// multiplier
		// and a relative SINCE
		String nrql = "select filter(count(" + V + "), where metricTimesliceName like 'Datastore/%/allWeb') as ds, "
				+ "average(" + V + ") * 1000 from Metric timeseries 30 minutes limit 20 since 90 minutes ago "
				+ "facet host where appName = 'Storefront'";

		// when it is parsed
		NrqlQuery query = NrqlParser.parse(nrql);

		// then the filter, the unaliased item's text and every clause are read
		NrqlFunction filter = query.select().get(0).function();
		assertThat(filter.kind()).isEqualTo(NrqlFunction.Kind.FILTER);
		assertThat(filter.inner().kind()).isEqualTo(NrqlFunction.Kind.COUNT);
		assertThat(filter.filter()).containsExactly(
				new NrqlCondition("metricTimesliceName", NrqlCondition.Operator.LIKE, List.of("Datastore/%/allWeb")));
		assertThat(query.select().get(1).name()).isEqualTo("average(" + V + ") * 1000");
		assertThat(query.select().get(1).multiplier()).isEqualTo(1000.0);
		assertThat(query.bucketMinutes()).isEqualTo(30);
		assertThat(query.limit()).isEqualTo(20);
		assertThat(query.since().minutesAgo()).isEqualTo(90);
		assertThat(query.facets()).containsExactly("host");
	}

	@Test
	void countsApdexAndThresholdsAreUnderstood() {
		// given the counts query and an Apdex query with a TIMESERIES of an hour
		NrqlQuery counts = NrqlParser.parse("SELECT uniqueCount(host) AS hosts, uniqueCount(realAgentId) AS "
				+ "instances, uniqueCount(instanceName) AS javaInstances FROM Metric WHERE appId = 1001 FACET appId "
				+ "SINCE 1 UNTIL 3600001 LIMIT MAX");
		NrqlQuery apdex = NrqlParser.parse("SELECT apdex(" + V + ") AS apdex, max(" + V
				+ ") FROM Metric WHERE metricTimesliceName = 'Apdex' TIMESERIES 1 hour");

		// then both are read
		assertThat(counts.select()).extracting(s -> s.function().attribute())
			.containsExactly("host", "realAgentId", "instanceName");
		assertThat(apdex.select().get(0).function().kind()).isEqualTo(NrqlFunction.Kind.APDEX);
		assertThat(apdex.select().get(1).name()).isEqualTo("max(" + V + ")");
		assertThat(apdex.bucketMinutes()).isEqualTo(60);
	}

	@ParameterizedTest
	@CsvSource(delimiter = '|',
			textBlock = """
					SELECT count(duration) FROM Metric                                       | duration
					SELECT sum(newrelic.timeslice.value) FROM Metric                         | sum
					SELECT count(newrelic.timeslice.value) FROM Transaction                  | Transaction
					SELECT count(newrelic.timeslice.value) FROM Metric WHERE appId = 1 OR appId = 2 | OR
					SELECT count(newrelic.timeslice.value) FROM Metric WHERE appId != 1     | '!'
					SELECT count(newrelic.timeslice.value) FROM Metric WHERE region = 'eu'   | region
					SELECT count(newrelic.timeslice.value) FROM Metric FACET region          | region
					SELECT count(newrelic.timeslice.value) FROM Metric FACET appId, appName, host, instanceName, metricTimesliceName, appId | twice
					SELECT count(newrelic.timeslice.value) FROM Metric LIMIT 5001            | 5001
					SELECT count(newrelic.timeslice.value) FROM Metric TIMESERIES            | TIMESERIES
					SELECT count(newrelic.timeslice.value) FROM Metric TIMESERIES 1 week     | week
					SELECT count(newrelic.timeslice.value) FROM Metric SINCE yesterday       | yesterday
					SELECT count(newrelic.timeslice.value) FROM Metric SINCE 1 SINCE 2       | twice
					SELECT count(newrelic.timeslice.value) FROM Metric COMPARE WITH 1 week ago | COMPARE
					SELECT rate(average(newrelic.timeslice.value), 1 minute) FROM Metric     | rate
					SELECT apdex(newrelic.timeslice.value) * 2 FROM Metric                   | apdex
					SELECT uniqueCount(appName) FROM Metric                                  | appName
					SELECT count(newrelic.timeslice.value FROM Metric                        | FROM
					SELECT count(newrelic.timeslice.value) FROM Metric WHERE appName = 'x    | never closed
					SELECT count(newrelic.timeslice.value) FROM Metric WHERE appId = 1.5     | 1.5
					""")
	void queriesOutsideTheSubsetAreRefusedNamingWhatWasNotUnderstood(String nrql, String named) {
		// given a query outside the subset when it is parsed then it is refused with a
		// message that names the part
		assertThatThrownBy(() -> NrqlParser.parse(nrql)).isInstanceOf(NrqlException.class)
			.hasMessageContaining(named.replace("'", ""));
	}

	@Test
	void likeMatchesRunsOfAnyCharacters() {
		// given LIKE patterns when they are matched then % stands for any run, the rest
		// is literal
		assertThat(NrqlCondition.like("Datastore/%/allWeb", "Datastore/Postgres/allWeb")).isTrue();
		assertThat(NrqlCondition.like("Datastore/%/allWeb", "Datastore/allWeb")).isFalse();
		assertThat(NrqlCondition.like("%Web", "Datastore/allWeb")).isTrue();
		assertThat(NrqlCondition.like("Data%", "Datastore/all")).isTrue();
		assertThat(NrqlCondition.like("Apdex", "Apdex/x")).isFalse();
		assertThat(NrqlCondition.like("a%a", "a")).isFalse();

	}

}
