package io.apmreports.report.xlsx;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.apmreports.report.ChartData;
import io.apmreports.staging.TrendPoint;

class ChartTableTests {

	@Test
	void theHourClocksGoBackKeepsBothOfItsSlices() {
		// given hourly slices across the end of summer time in Berlin: 02:00 comes twice
		OffsetDateTime first = OffsetDateTime.parse("2026-10-25T01:00:00+02:00");
		List<TrendPoint> points = List.of(point(first, 10.0), point(first.plusHours(1), 20.0),
				point(first.plusHours(2), 30.0), point(first.plusHours(3), 40.0));

		// when
		ChartTable table = ChartTable.of(
				new ChartData(List.of(new ChartData.Series("Checkout", points)), List.of(), List.of()),
				ZoneId.of("Europe/Berlin"));

		// then four slices, none lost to the repeated label
		assertThat(table.slices()).containsExactly("10-25 01:00", "10-25 02:00", "10-25 02:00", "10-25 03:00");
		assertThat(table.responseTimes()[0]).containsExactly(10.0, 20.0, 30.0, 40.0);
	}

	private static TrendPoint point(OffsetDateTime from, double responseTime) {
		return new TrendPoint(1, "Checkout", from, from.plusHours(1), responseTime, 100.0);
	}

}
