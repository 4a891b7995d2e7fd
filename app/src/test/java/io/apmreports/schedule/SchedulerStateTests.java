package io.apmreports.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.Map;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.boot.health.contributor.Status;

class SchedulerStateTests {

	private static final ZonedDateTime MONDAY = ZonedDateTime.of(2026, 11, 16, 8, 0, 0, 0, ZoneId.of("Europe/Berlin"));

	private final MutableClock clock = new MutableClock();

	private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

	private final SchedulerState state = new SchedulerState(clock, registry);

	@Test
	void aSchedulerNotStartedIsUnknown() {
		assertThat(state.health().getStatus()).isEqualTo(Status.UNKNOWN);
	}

	@Test
	void aLoopThatWentRoundLatelyIsUpWithItsNextFires() {
		// given
		clock.set(MONDAY);
		state.next("weekly-ops", MONDAY.plusWeeks(1).withHour(6));
		state.ticked();

		// when
		clock.set(MONDAY.plusMinutes(4));

		// then
		assertThat(state.health().getStatus()).isEqualTo(Status.UP);
		assertThat(state.health().getDetails()).containsKey("lastTick")
			.containsEntry("nextFires", Map.of("weekly-ops", MONDAY.plusWeeks(1).withHour(6).toInstant()));
		assertThat(registry.get("apm.reports.schedule.next.fire").tag("schedule", "weekly-ops").gauge().value())
			.isEqualTo(MONDAY.plusWeeks(1).withHour(6).toEpochSecond());
	}

	@Test
	void aLoopQuietForMoreThanFiveMinutesWithoutAFireIsDown() {
		// given
		clock.set(MONDAY);
		state.ticked();

		// when
		clock.set(MONDAY.plusMinutes(5).plusSeconds(1));

		// then
		assertThat(state.health().getStatus()).isEqualTo(Status.DOWN);
	}

	@Test
	void aLongFireIsUpAndNamedUntilItEnds() {
		// given a fire that started an hour ago
		clock.set(MONDAY);
		state.firing("weekly-ops");
		clock.set(MONDAY.plusHours(1));

		// when, then
		assertThat(state.health().getStatus()).isEqualTo(Status.UP);
		assertThat(state.health().getDetails()).containsEntry("running", "weekly-ops");
		state.fired();
		assertThat(state.health().getStatus()).isEqualTo(Status.UP);
		assertThat(state.health().getDetails()).doesNotContainKey("running");
	}

}
