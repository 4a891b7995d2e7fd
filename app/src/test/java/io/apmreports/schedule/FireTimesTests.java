package io.apmreports.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.scheduling.support.CronExpression;

import io.apmreports.definition.ScheduleDefinition;
import io.apmreports.range.RangeSpec;

class FireTimesTests {

	private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");

	@ParameterizedTest(name = "{0} at {1}, window {2}: {3}")
	@CsvSource(nullValues = "none", value = {
			// the Monday 06:00 fire, 2.5 hours ago, inside 12 hours
			"0 0 6 * * MON, 2026-11-16T08:30, PT12H, 2026-11-16T06:00",
			// exactly at the fire: it counts, it is due now
			"0 0 6 * * MON, 2026-11-16T06:00, PT12H, 2026-11-16T06:00",
			// 26 hours late, outside 12 hours
			"0 0 6 * * MON, 2026-11-17T08:00, PT12H, none",
			// exactly a window after the fire: the window is open at its start, so it is
			// out
			"0 0 6 * * MON, 2026-11-16T18:00, PT12H, none",
			// of several fires in the window, only the latest is caught up
			"0 0 * * * *, 2026-11-16T08:30, PT12H, 2026-11-16T08:00",
			// the 1st of the month, 07:00, caught up at noon
			"0 0 7 1 * *, 2026-12-01T12:00, PT12H, 2026-12-01T07:00",
			// no window, nothing caught up
			"0 0 6 * * MON, 2026-11-16T08:30, PT0S, none" })
	void theLatestFireInsideTheWindowIsCaughtUp(String cron, String localNow, Duration window, String expected) {
		// given
		ScheduleDefinition schedule = schedule(cron);
		ZonedDateTime now = LocalDateTime.parse(localNow).atZone(BERLIN);

		// when
		Optional<ZonedDateTime> latest = FireTimes.latestWithin(schedule, now.toInstant(), window);

		// then
		assertThat(latest.map(time -> time.toLocalDateTime().toString()).orElse(null)).isEqualTo(expected);
		latest.ifPresent(time -> assertThat(time.getZone()).isEqualTo(BERLIN));
	}

	@ParameterizedTest
	@CsvSource({ "2026-11-16T06:00, 2026-11-23T06:00", "2026-11-16T05:59, 2026-11-16T06:00" })
	void theNextFireIsStrictlyAfter(String localNow, String expected) {
		assertThat(FireTimes.next(schedule("0 0 6 * * MON"), LocalDateTime.parse(localNow).atZone(BERLIN).toInstant()))
			.hasValueSatisfying(time -> assertThat(time.toLocalDateTime()).hasToString(expected));
	}

	@ParameterizedTest(name = "fired {0}, failed at {1}: {4}")
	@CsvSource(nullValues = "none", value = {
			// failed at 06:05: tried again at 06:20, well inside the 12 hours after the
			// 06:00 fire
			"2026-11-16T06:00, 2026-11-16T06:05, PT15M, PT12H, 2026-11-16T06:20",
			// failed at 17:40: 17:55 is still inside the window, which closes at 18:00
			"2026-11-16T06:00, 2026-11-16T17:40, PT15M, PT12H, 2026-11-16T17:55",
			// failed at 17:45: 18:00 is the window's end, and a start at 18:00 would not
			// catch it up either
			"2026-11-16T06:00, 2026-11-16T17:45, PT15M, PT12H, none",
			// no catch-up window, no retry
			"2026-11-16T06:00, 2026-11-16T06:05, PT15M, PT0S, none" })
	void aFailedRunIsTriedAgainOnlyWhileItsFireIsWithinTheWindow(String localFire, String localFailure,
			Duration retryAfter, Duration window, String expected) {
		// given
		ZonedDateTime fire = LocalDateTime.parse(localFire).atZone(BERLIN);
		Instant failure = LocalDateTime.parse(localFailure).atZone(BERLIN).toInstant();

		// when
		Optional<ZonedDateTime> retry = FireTimes.retryAt(fire, failure, retryAfter, window);

		// then
		assertThat(retry.map(time -> time.toLocalDateTime().toString()).orElse(null)).isEqualTo(expected);
		retry.ifPresent(time -> assertThat(time.getZone()).isEqualTo(BERLIN));
	}

	private static ScheduleDefinition schedule(String cron) {
		return new ScheduleDefinition("test", CronExpression.parse(cron), BERLIN, "weekly-performance",
				RangeSpec.parse("last-week").orElseThrow(), List.of("ops@example.com"), true);
	}

}
