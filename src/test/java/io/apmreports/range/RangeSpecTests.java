package io.apmreports.range;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RangeSpecTests {

	@ParameterizedTest(name = "{0} at {1} in {2}")
	@CsvSource({
			// a plain week, asked mid-week and on the Monday itself
			"last-week, 2026-11-18T10:15, Europe/Berlin, 2026-11-09T00:00+01:00, 2026-11-16T00:00+01:00, 168",
			"last-week, 2026-11-16T06:00, Europe/Berlin, 2026-11-09T00:00+01:00, 2026-11-16T00:00+01:00, 168",
			// the week of the autumn change has 169 hours, the spring one 167
			"last-week, 2026-10-28T09:00, Europe/Berlin, 2026-10-19T00:00+02:00, 2026-10-26T00:00+01:00, 169",
			"last-week, 2026-04-01T09:00, Europe/Berlin, 2026-03-23T00:00+01:00, 2026-03-30T00:00+02:00, 167",
			"last-week, 2026-03-11T09:00, America/New_York, 2026-03-02T00:00-05:00, 2026-03-09T00:00-04:00, 167",
			"last-day, 2026-03-29T12:00, Europe/Berlin, 2026-03-28T00:00+01:00, 2026-03-29T00:00+01:00, 24",
			"last-month, 2028-03-01T07:00, Europe/Berlin, 2028-02-01T00:00+01:00, 2028-03-01T00:00+01:00, 696",
			"last-month, 2026-01-15T00:30, UTC, 2025-12-01T00:00Z, 2026-01-01T00:00Z, 744",
			"last-7-days, 2026-11-21T08:00, UTC, 2026-11-14T00:00Z, 2026-11-21T00:00Z, 168" })
	void resolvesTheLastFullPeriodInTheZone(String spec, String localNow, String zone, String from, String to,
			long hours) {
		// given
		ZonedDateTime now = java.time.LocalDateTime.parse(localNow).atZone(ZoneId.of(zone));

		// when
		TimeRange range = RangeSpec.parse(spec).orElseThrow().lastBefore(now);

		// then
		assertThat(range.from()).isEqualTo(OffsetDateTime.parse(from));
		assertThat(range.to()).isEqualTo(OffsetDateTime.parse(to));
		assertThat(range.duration()).isEqualTo(Duration.ofHours(hours));
	}

	@ParameterizedTest
	@CsvSource({ "lastweek", "last-0-days", "Last-Week", "next-week", "last-1000-days" })
	void refusesWhatItDoesNotKnow(String text) {
		assertThat(RangeSpec.parse(text)).isEmpty();
	}

}
