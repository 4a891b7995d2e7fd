package io.apmreports.formula;

import static io.apmreports.formula.MetricFixtures.metrics;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class BreakdownCalculatorTests {

	private final BreakdownCalculator calculator = new BreakdownCalculator(MetricNames.defaults());

	@Test
	void webApplicationWithQueuingDatastoresAndExternals() {
		// given
		MetricSnapshot snapshot = metrics().timing("HttpDispatcher", 200, 1_000, 100)
			.timing("WebFrontend/QueueTime", 10, 1_000, 100)
			.timing("WebTransactionTotalTime", 220, 1_000, 100)
			.timing("Datastore/Postgres/allWeb", 5, 4_000, 400)
			.timing("Datastore/Redis/allWeb", 0.5, 2_000, 200)
			.timing("Datastore/allWeb", 999, 99_999, 1)
			.timing("Datastore/Postgres/all", 999, 99_999, 1)
			.timing("External/allWeb", 50, 600, 60)
			.snapshot();

		// when
		Breakdown breakdown = calculator.calculate(snapshot, "java");

		// then, by hand: datastore (5*4000 + 0.5*2000)/1000 = 21, external 50*600/1000 =
		// 30
		assertThat(breakdown.throughputRpm()).isEqualTo(100.0);
		assertThat(breakdown.responseTimeMs()).isCloseTo(210.0, within(1e-9));
		assertThat(breakdown.requestQueuingMs()).isCloseTo(10.0, within(1e-9));
		assertThat(breakdown.webTransactionTimeMs()).isEqualTo(220.0);
		assertThat(breakdown.datastoreMs()).isCloseTo(21.0, within(1e-9));
		assertThat(breakdown.externalMs()).isCloseTo(30.0, within(1e-9));
		assertThat(breakdown.applicationTimeMs()).isCloseTo(169.0, within(1e-9));
		assertThat(breakdown.databaseMs()).isNull();
		assertThat(breakdown.rubyDatabaseMs()).isNull();
		assertThat(breakdown.cacheMs()).isNull();
		assertThat(breakdown.nonWebThroughputRpm()).isNull();
		assertThat(breakdown.provenance().databaseFormula()).isEqualTo(DatabaseFormula.DATASTORE);
		assertThat(breakdown.provenance().datastoreTypes()).containsExactly("Postgres", "Redis");
		assertThat(breakdown.provenance().droppedTerms()).containsExactly("Memcache/allWeb: not reported");
	}

	@Test
	void oldRubyAgentUsesActiveRecordInsteadOfDatabase() {
		// given ActiveRecord/all 8 ms x 2500 calls and Database/allWeb 6 ms x 2500 calls
		// over 500
		// web calls
		MetricSnapshot snapshot = metrics().timing("HttpDispatcher", 300, 500, 50)
			.timing("WebTransactionTotalTime", 310, 500, 50)
			.timing("ActiveRecord/all", 8, 2_500, 250)
			.timing("Database/allWeb", 6, 2_500, 250)
			.snapshot();

		// when
		Breakdown breakdown = calculator.calculate(snapshot, "ruby");

		// then Ruby database 8*2500/500 = 40, application 310 - 40 = 270
		assertThat(breakdown.rubyDatabaseMs()).isCloseTo(40.0, within(1e-9));
		assertThat(breakdown.databaseMs()).isNull();
		assertThat(breakdown.datastoreMs()).isNull();
		assertThat(breakdown.applicationTimeMs()).isCloseTo(270.0, within(1e-9));
		assertThat(breakdown.provenance().databaseFormula()).isEqualTo(DatabaseFormula.RUBY_ORM);
		assertThat(breakdown.provenance().droppedTerms())
			.anyMatch(term -> term.startsWith("Database/allWeb: replaced"));
	}

	@Test
	void activeRecordIsIgnoredForAnAgentThatIsNotRuby() {
		MetricSnapshot snapshot = metrics().timing("HttpDispatcher", 300, 500, 50)
			.timing("ActiveRecord/all", 8, 2_500, 250)
			.timing("Database/allWeb", 6, 2_500, 250)
			.snapshot();

		Breakdown breakdown = calculator.calculate(snapshot, "python");

		// then the generic database formula: 6*2500/500 = 30
		assertThat(breakdown.databaseMs()).isCloseTo(30.0, within(1e-9));
		assertThat(breakdown.rubyDatabaseMs()).isNull();
		assertThat(breakdown.provenance().databaseFormula()).isEqualTo(DatabaseFormula.DATABASE);
	}

	@Test
	void genericDatabaseCategoryAndCache() {
		// given
		MetricSnapshot snapshot = metrics().timing("HttpDispatcher", 80, 2_000, 200)
			.timing("WebTransactionTotalTime", 90, 2_000, 200)
			.timing("Database/allWeb", 4, 3_000, 300)
			.timing("Memcache/allWeb", 1, 4_000, 400)
			.snapshot();

		// when
		Breakdown breakdown = calculator.calculate(snapshot, "php");

		// then database 4*3000/2000 = 6, cache 1*4000/2000 = 2, application 90 - 6 - 2 =
		// 82
		assertThat(breakdown.databaseMs()).isCloseTo(6.0, within(1e-9));
		assertThat(breakdown.cacheMs()).isCloseTo(2.0, within(1e-9));
		assertThat(breakdown.applicationTimeMs()).isCloseTo(82.0, within(1e-9));
		assertThat(breakdown.requestQueuingMs()).isNull();
		assertThat(breakdown.responseTimeMs()).isEqualTo(80.0);
	}

	@Test
	void theServicesCacheAndRubyDatabaseNamesAreReadAndTheSpecificationsNeutralWordsAreNot() {
		// given an old Ruby agent's metrics under the service's names, and the same
		// figures under the specification's neutral words, which the service never
		// reports
		MetricSnapshot named = metrics().timing("HttpDispatcher", 100, 1_000, 100)
			.timing("ActiveRecord/all", 4, 2_000, 200)
			.timing("Memcache/allWeb", 1, 3_000, 300)
			.snapshot();
		MetricSnapshot neutral = metrics().timing("HttpDispatcher", 100, 1_000, 100)
			.timing("Orm/all", 4, 2_000, 200)
			.timing("Cache/allWeb", 1, 3_000, 300)
			.snapshot();

		// when both are calculated with the default names
		Breakdown service = calculator.calculate(named, "ruby");
		Breakdown words = calculator.calculate(neutral, "ruby");

		// then the service's names give Ruby database 4*2000/1000 = 8 and cache
		// 1*3000/1000 = 3; the neutral words are no metric at all
		assertThat(service.rubyDatabaseMs()).isCloseTo(8.0, within(1e-9));
		assertThat(service.cacheMs()).isCloseTo(3.0, within(1e-9));
		assertThat(service.applicationTimeMs()).isCloseTo(89.0, within(1e-9));
		assertThat(words.rubyDatabaseMs()).isNull();
		assertThat(words.cacheMs()).isNull();
		assertThat(words.provenance().droppedTerms()).contains("Memcache/allWeb: not reported",
				"database: no Datastore, Database/allWeb or ActiveRecord/all metric reported");
	}

	@Test
	void aCacheTheAgentTimesAsADatastoreIsDatastoreTimeNotCacheTime() {
		// given Redis, which current agents report as a datastore type, and no
		// Memcache
		MetricSnapshot snapshot = metrics().timing("HttpDispatcher", 100, 1_000, 100)
			.timing("Datastore/Redis/allWeb", 2, 3_000, 300)
			.snapshot();

		// when
		Breakdown breakdown = calculator.calculate(snapshot, "python");

		// then 2*3000/1000 = 6 ms of datastore time, and no cache time
		assertThat(breakdown.datastoreMs()).isCloseTo(6.0, within(1e-9));
		assertThat(breakdown.cacheMs()).isNull();
	}

	@Test
	void datastoreReplacesTheGenericDatabaseCategory() {
		MetricSnapshot snapshot = metrics().timing("HttpDispatcher", 100, 100, 10)
			.timing("Datastore/MySQL/allWeb", 2, 100, 10)
			.timing("Database/allWeb", 2, 100, 10)
			.snapshot();

		Breakdown breakdown = calculator.calculate(snapshot, "ruby");

		assertThat(breakdown.datastoreMs()).isEqualTo(2.0);
		assertThat(breakdown.databaseMs()).isNull();
		assertThat(breakdown.applicationTimeMs()).isEqualTo(98.0);
	}

	@Test
	void olderAgentWithoutWebTransactionTotalTimeFallsBackToHttpDispatcher() {
		// given
		MetricSnapshot snapshot = metrics().timing("HttpDispatcher", 150, 100, 10)
			.timing("Datastore/Redis/allWeb", 2, 300, 30)
			.snapshot();

		// when
		Breakdown breakdown = calculator.calculate(snapshot, "nodejs");

		// then datastore 2*300/100 = 6, application 150 - 6 = 144
		assertThat(breakdown.webTransactionTimeMs()).isEqualTo(150.0);
		assertThat(breakdown.applicationTimeMs()).isCloseTo(144.0, within(1e-9));
		assertThat(breakdown.provenance().webTimeSource()).isEqualTo(WebTimeSource.HTTP_DISPATCHER);
	}

	@Test
	void nonWebWorkerHasOnlyNonWebThroughput() {
		// given
		MetricSnapshot snapshot = metrics().timing("OtherTransaction/all", 900, 428_400, 42.5).snapshot();

		// when
		Breakdown breakdown = calculator.calculate(snapshot, "python");

		// then
		assertThat(breakdown.nonWebThroughputRpm()).isEqualTo(42.5);
		assertThat(breakdown.hasTraffic()).isTrue();
		assertThat(breakdown)
			.extracting(Breakdown::throughputRpm, Breakdown::responseTimeMs, Breakdown::requestQueuingMs,
					Breakdown::webTransactionTimeMs, Breakdown::applicationTimeMs, Breakdown::datastoreMs,
					Breakdown::databaseMs, Breakdown::rubyDatabaseMs, Breakdown::externalMs, Breakdown::cacheMs)
			.containsOnlyNulls();
		assertThat(breakdown.provenance().webTimeSource()).isEqualTo(WebTimeSource.NONE);
	}

	@Test
	void zeroWebCallsLeaveEveryComponentEmpty() {
		// given an application that stopped reporting: every metric answers zeros
		MetricSnapshot snapshot = metrics().timing("HttpDispatcher", 0, 0, 0)
			.timing("WebFrontend/QueueTime", 0, 0, 0)
			.timing("WebTransactionTotalTime", 0, 0, 0)
			.timing("Datastore/Postgres/allWeb", 0, 0, 0)
			.timing("External/allWeb", 0, 0, 0)
			.snapshot();

		// when
		Breakdown breakdown = calculator.calculate(snapshot, "java");

		// then throughput is a true zero, and nothing is divided by zero calls
		assertThat(breakdown.throughputRpm()).isEqualTo(0.0);
		assertThat(breakdown.hasTraffic()).isFalse();
		assertThat(breakdown)
			.extracting(Breakdown::responseTimeMs, Breakdown::requestQueuingMs, Breakdown::webTransactionTimeMs,
					Breakdown::applicationTimeMs, Breakdown::datastoreMs, Breakdown::externalMs)
			.containsOnlyNulls();
	}

	@Test
	void zeroQueueTimeIsAZeroNotAnAbsence() {
		MetricSnapshot snapshot = metrics().timing("HttpDispatcher", 120, 600, 60)
			.timing("WebFrontend/QueueTime", 0, 0, 0)
			.snapshot();

		Breakdown breakdown = calculator.calculate(snapshot, "java");

		assertThat(breakdown.requestQueuingMs()).isEqualTo(0.0);
		assertThat(breakdown.responseTimeMs()).isEqualTo(120.0);
	}

	@Test
	void emptySnapshotHasNoFigures() {
		Breakdown breakdown = calculator.calculate(MetricSnapshot.empty(), "go");

		assertThat(breakdown.hasTraffic()).isFalse();
		assertThat(breakdown.throughputRpm()).isNull();
		assertThat(breakdown.nonWebThroughputRpm()).isNull();
		assertThat(breakdown.provenance().databaseFormula()).isEqualTo(DatabaseFormula.NONE);
	}

}
