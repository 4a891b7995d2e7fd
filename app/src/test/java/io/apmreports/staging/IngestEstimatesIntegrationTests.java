package io.apmreports.staging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.jdbc.core.JdbcTemplate;

import io.apmreports.source.ByteEstimate;

/**
 * The kept estimates on both databases: a day measured again replaces its rows, sums add
 * the days asked for, and forgetting goes by day.
 */
class IngestEstimatesIntegrationTests {

	private static final LocalDate DAY = LocalDate.of(2026, 10, 5);

	private static final OffsetDateTime AT = OffsetDateTime.parse("2026-10-06T01:00:00Z");

	@ParameterizedTest(name = "{0}")
	@MethodSource("io.apmreports.staging.StagingDatabases#both")
	void measuringADayAgainReplacesItsRows(String database, JdbcTemplate jdbc) {
		// given a day kept with Checkout and Search
		IngestEstimates estimates = new IngestEstimates(jdbc);
		estimates.save(7, DAY,
				List.of(estimate(DAY, "Checkout", 600), estimate(DAY, "Search", 300), estimate(DAY, null, 1000)), AT);
		// when it is measured again, Search gone and Checkout changed
		estimates.save(7, DAY, List.of(estimate(DAY, "Checkout", 650), estimate(DAY, null, 1100)), AT.plusHours(1));
		// then only the second measurement is kept
		assertThat(estimates.ofDay(DAY)).extracting(ByteEstimate::application, ByteEstimate::bytes)
			.containsExactly(tuple(null, 1100.0), tuple("Checkout", 650.0));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("io.apmreports.staging.StagingDatabases#both")
	void theKeptDaysAreSummedPerApplicationAndForgottenByDay(String database, JdbcTemplate jdbc) {
		// given two days of account 7 and one of account 8
		IngestEstimates estimates = new IngestEstimates(jdbc);
		LocalDate next = DAY.plusDays(1);
		estimates.save(7, DAY, List.of(estimate(DAY, "Checkout", 600), estimate(DAY, null, 1000)), AT);
		estimates.save(7, next, List.of(estimate(next, "Checkout", 400), estimate(next, null, 500)), AT);
		estimates.save(8, DAY, List.of(estimate(DAY, null, 99)), AT);
		// then account 7's sums are 600 + 400 = 1000 for Checkout, 1000 + 500 = 1500
		// whole
		assertThat(estimates.sums(7, DAY, next)).extracting(ByteEstimate::application, ByteEstimate::bytes)
			.containsExactlyInAnyOrder(tuple("Checkout", 1000.0), tuple(null, 1500.0));
		assertThat(estimates.keptDays(7, DAY.minusDays(3), next)).containsExactly(DAY, next);
		// and forgetting the days before the next leaves only it
		assertThat(estimates.forgetBefore(next)).isEqualTo(3);
		assertThat(estimates.keptDays(7, DAY, next)).containsExactly(next);
	}

	private static ByteEstimate estimate(LocalDate day, String application, double bytes) {
		return new ByteEstimate(7, day, "ApmEventsBytes", application, bytes);
	}

}
