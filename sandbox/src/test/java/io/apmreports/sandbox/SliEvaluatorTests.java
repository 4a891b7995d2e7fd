package io.apmreports.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneId;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class SliEvaluatorTests {

	private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");

	private final SliEvaluator evaluator = new SliEvaluator(SandboxOptions.DEMO_ACCOUNT_ID, 5000, () -> {
	});

	private final List<SandboxServiceLevels.Indicator> levels = SandboxServiceLevels
		.indicators(SandboxOptions.DEMO_ACCOUNT_ID);

	@Test
	void theIndicatorQueryBoundedToAMonthAnswersGoodOfValidAsSummedByHand() {
		for (SandboxServiceLevels.Indicator level : levels) {
			// given last month in Berlin and the level's own indicator query bounded to
			// it
			YearMonth month = YearMonth.now(Clock.systemUTC()).minusMonths(1);
			Instant from = month.atDay(1).atStartOfDay(BERLIN).toInstant();
			Instant to = month.plusMonths(1).atDay(1).atStartOfDay(BERLIN).toInstant();
			String nrql = "SELECT clamp_max(sum(newrelic.sli.good) / sum(newrelic.sli.valid) * 100, 100) AS 'SLI', "
					+ "sum(newrelic.sli.good), count(newrelic.sli.valid) FROM Metric WHERE entity.guid = '"
					+ level.guid() + "' SINCE '" + month.atDay(1) + " 00:00:00' UNTIL " + to.toEpochMilli()
					+ " WITH TIMEZONE 'Europe/Berlin'";

			// when it is run
			Map<String, Object> row = run(nrql).get(0);

			// then it equals the hand computation from the sandbox's good and valid
			double good = SandboxServiceLevels.good(level.guid(), from, to);
			double valid = SandboxServiceLevels.valid(level.guid(), from, to);
			assertThat((Double) row.get("SLI")).isCloseTo(Math.min(100, good / valid * 100), within(1e-9));
			assertThat(row.get("sum(newrelic.sli.good)")).isEqualTo(good);
			assertThat(row.get("count(newrelic.sli.valid)")).isEqualTo(valid);
		}
	}

	@Test
	void aWindowBeforeTheLevelsCreationAnswersNullNotZero() {
		// given the level created last month and the month before it
		SandboxServiceLevels.Indicator level = levels.stream()
			.filter(l -> YearMonth.from(l.createdAt().atZone(BERLIN))
				.equals(YearMonth.now(Clock.systemUTC()).minusMonths(1)))
			.findFirst()
			.orElseThrow();
		Instant created = level.createdAt();

		// when its indicator is asked for the month before
		Map<String, Object> row = run("SELECT clamp_max(sum(newrelic.sli.good) / sum(newrelic.sli.valid) * 100, 100) "
				+ "AS 'SLI', count(newrelic.sli.valid) AS valid FROM Metric WHERE entity.guid = '" + level.guid()
				+ "' SINCE " + (created.toEpochMilli() - 20L * 86_400_000) + " UNTIL " + created.toEpochMilli())
			.get(0);

		// then the attainment is null, the count zero
		assertThat(row).containsEntry("SLI", null).containsEntry("valid", 0.0);
	}

	@Test
	void facetByMonthAnswersEachMonthInTheZoneAsSingleMonthQueriesDo() {
		// given a level, the last three months in Berlin
		SandboxServiceLevels.Indicator level = levels.get(0);
		YearMonth last = YearMonth.now(Clock.systemUTC()).minusMonths(1);
		YearMonth first = last.minusMonths(2);
		String nrql = "SELECT sum(newrelic.sli.good) AS good, sum(newrelic.sli.valid) AS valid FROM Metric "
				+ "WHERE entity.guid = '" + level.guid() + "' FACET monthOf(timestamp) SINCE '" + first.atDay(1)
				+ "' UNTIL '" + last.plusMonths(1).atDay(1) + "' WITH TIMEZONE 'Europe/Berlin' LIMIT MAX";

		// when the faceted query runs
		List<Map<String, Object>> rows = run(nrql);

		// then there is a row per month, named as the vendor names months, with the
		// month's sums
		assertThat(rows).hasSize(3);
		for (YearMonth month = first; !month.isAfter(last); month = month.plusMonths(1)) {
			String name = EventQueryParser.monthName(month.atDay(1));
			Map<String, Object> row = rows.stream().filter(r -> name.equals(r.get("facet"))).findFirst().orElseThrow();
			Instant from = month.atDay(1).atStartOfDay(BERLIN).toInstant();
			Instant to = month.plusMonths(1).atDay(1).atStartOfDay(BERLIN).toInstant();
			assertThat(row.get("good")).isEqualTo(SandboxServiceLevels.good(level.guid(), from, to));
			assertThat(row.get("valid")).isEqualTo(SandboxServiceLevels.valid(level.guid(), from, to));
			assertThat(row.get(EventQuery.MONTH_OF)).isEqualTo(name);
		}
	}

	@Test
	void facetByMonthWithoutALimitKeepsTenMonthsAsTheServiceDoes() {
		// given the oldest level over twelve months without LIMIT
		SandboxServiceLevels.Indicator level = levels.get(0);
		YearMonth last = YearMonth.now(Clock.systemUTC()).minusMonths(1);
		String nrql = "SELECT sum(newrelic.sli.valid) FROM Metric WHERE sli.id = '10001' FACET monthOf(timestamp) "
				+ "SINCE '" + last.minusMonths(11).atDay(1) + "' UNTIL '" + last.plusMonths(1).atDay(1) + "'";

		// when it runs
		List<Map<String, Object>> rows = run(nrql);

		// then only ten months come back: the default limit cut two
		assertThat(level.guid()).isEqualTo(SandboxServiceLevels.guid(SandboxOptions.DEMO_ACCOUNT_ID, 10_001));
		assertThat(rows).hasSize(10);
	}

	@Test
	void theFaqsValidLessBadFormAndTheAlertHelpersSumFormAgreeWithTheHandComputation() {
		for (SandboxServiceLevels.Indicator level : levels) {
			// given the month before last (UTC) in epoch milliseconds
			YearMonth month = YearMonth.now(Clock.systemUTC()).minusMonths(2);
			Instant from = month.atDay(1).atStartOfDay(ZoneId.of("UTC")).toInstant();
			Instant to = month.plusMonths(1).atDay(1).atStartOfDay(ZoneId.of("UTC")).toInstant();
			String window = " SINCE " + from.toEpochMilli() + " UNTIL " + to.toEpochMilli();

			// when the FAQ's count form by sli.id and the helper's error rate by guid run
			Map<String, Object> faq = run("FROM Metric SELECT clamp_max((count(newrelic.sli.valid) - "
					+ "count(newrelic.sli.bad)) / count(newrelic.sli.valid) * 100, 100) as 'SLI attainment' "
					+ "WHERE sli.id = '" + level.guid().hashCode() + "'" + window)
				.get(0);
			Map<String, Object> byId = run("FROM Metric SELECT clamp_max((count(newrelic.sli.valid) - "
					+ "count(newrelic.sli.bad)) / count(newrelic.sli.valid) * 100, 100) as 'SLI attainment' "
					+ "WHERE sli.id = '" + id(level) + "'" + window)
				.get(0);
			Map<String, Object> errors = run("FROM Metric SELECT 100 - clamp_max((sum(newrelic.sli.valid) - "
					+ "sum(newrelic.sli.bad)) / sum(newrelic.sli.valid) * 100, 100) AS 'Error rate' "
					+ "WHERE entity.guid = '" + level.guid() + "'" + window)
				.get(0);

			// then a level that exists then answers good of valid; another id answers
			// none
			double good = SandboxServiceLevels.good(level.guid(), from, to);
			double valid = SandboxServiceLevels.valid(level.guid(), from, to);
			assertThat(faq).containsEntry("SLI attainment", null);
			if (valid == 0) {
				continue;
			}
			assertThat((Double) byId.get("SLI attainment")).isCloseTo(Math.min(100, good / valid * 100), within(1e-9));
			assertThat((Double) errors.get("Error rate")).isCloseTo(100 - Math.min(100, good / valid * 100),
					within(1e-9));
		}
	}

	private static String id(SandboxServiceLevels.Indicator level) {
		String decoded = new String(Base64.getDecoder().decode(level.guid()), StandardCharsets.UTF_8);
		return decoded.substring(decoded.lastIndexOf('|') + 1);
	}

	private List<Map<String, Object>> run(String nrql) {
		return evaluator.run((SliQuery) NrqlStatement.parse(nrql), System.currentTimeMillis());
	}

}
