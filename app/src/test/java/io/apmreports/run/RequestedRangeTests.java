package io.apmreports.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;

import org.junit.jupiter.api.Test;

import io.apmreports.definition.ReportDefinition;
import io.apmreports.definition.ReportDefinitions;
import io.apmreports.range.TimeRange;

class RequestedRangeTests {

	private final ReportDefinition weekly = new ReportDefinitions(Path.of("reports")).load("weekly-performance");

	private final Clock clock = Clock.fixed(Instant.parse("2026-11-20T12:00:00Z"), ZoneOffset.UTC);

	@Test
	void aRangeAScheduleWorkedOutIsTakenAsItIsNotWrittenAndReadAgain() {
		// given the range of a schedule's fire
		TimeRange fire = TimeRange.parse("2026-11-09T00:00:00+01:00", "2026-11-16T00:00:00+01:00");

		// then the launch runs that very range
		assertThat(RequestedRange.of(fire).in(weekly, clock)).isSameAs(fire);
	}

	@Test
	void datesAUserTypedAreReadInTheReportsZone() {
		// when a user types dates alone for the Berlin report
		TimeRange typed = RequestedRange.typed("2026-11-09", "2026-11-16").in(weekly, clock);

		// then they are midnights in Berlin
		assertThat(typed).isEqualTo(TimeRange.parse("2026-11-09T00:00:00+01:00", "2026-11-16T00:00:00+01:00"));
	}

	@Test
	void noBoundsAskForTheReportsLatestRange() {
		// when nothing is typed, on Friday 20 November
		TimeRange latest = RequestedRange.typed(null, null).in(weekly, clock);

		// then the last whole week before it, in Berlin
		assertThat(latest).isEqualTo(TimeRange.parse("2026-11-09T00:00:00+01:00", "2026-11-16T00:00:00+01:00"));
	}

}
