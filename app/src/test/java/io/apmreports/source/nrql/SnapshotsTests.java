package io.apmreports.source.nrql;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.apmreports.formula.MetricValues;

/** NRQL's timing aggregates as the values REST names them. */
class SnapshotsTests {

	@Test
	void aTimingIsItsCallsItsAverageInMillisecondsAndItsRate() {
		// given 1,200 calls averaging 0.25 s, 2 a minute
		FacetRow row = row(1200.0, 0.25, 2.0);

		// when
		MetricValues values = Snapshots.timing(row);

		// then
		assertThat(values.callCount()).isEqualTo(1200.0);
		assertThat(values.averageResponseTime()).isEqualTo(250.0);
		assertThat(values.averageCallTime()).isEqualTo(250.0);
		assertThat(values.requestsPerMinute()).isEqualTo(2.0);
	}

	@Test
	void aMetricPresentWithNoCallsAveragesZeroAsRestAnswers() {
		// given a queue time metric that exists with no calls in the range: NRQL's
		// average() over nothing is null
		FacetRow row = row(0.0, null, 0.0);

		// when
		MetricValues values = Snapshots.timing(row);

		// then it is present with an average of 0, so its term adds 0 instead of dropping
		assertThat(values.callCount()).isZero();
		assertThat(values.averageResponseTime()).isZero();
		assertThat(values.averageCallTime()).isZero();
	}

	@Test
	void anAverageWithoutACallCountStaysAbsent() {
		// given a row that carries neither calls nor an average
		FacetRow row = row(null, null, null);

		// then nothing is made up
		assertThat(Snapshots.timing(row).averageResponseTime()).isNull();
		assertThat(Snapshots.timing(row).callCount()).isNull();
	}

	private static FacetRow row(Double calls, Double average, Double rate) {
		Map<String, Object> members = new HashMap<>();
		members.put("facet", List.of("1001", "WebFrontend/QueueTime"));
		members.put(Snapshots.CALLS, calls);
		members.put(Snapshots.AVERAGE, average);
		members.put(Snapshots.RATE, rate);
		return FacetRow.read(members, List.of("appId", "metricTimesliceName"));
	}

}
