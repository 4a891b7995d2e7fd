package io.apmreports.schedule;

import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.util.Optional;

import io.apmreports.definition.ScheduleDefinition;

/**
 * When a schedule fires, read in its zone: the next fire, and the latest fire of a window
 * just past.
 */
public final class FireTimes {

	private FireTimes() {
	}

	/**
	 * The first fire strictly after {@code after}; empty for a cron that never fires
	 * again.
	 */
	public static Optional<ZonedDateTime> next(ScheduleDefinition schedule, Instant after) {
		return Optional.ofNullable(schedule.cron().next(after.atZone(schedule.zone())));
	}

	/**
	 * The latest fire in {@code (now - window, now]}: the one to catch up at a start,
	 * since an older fire of the same schedule was superseded by it.
	 */
	static Optional<ZonedDateTime> latestWithin(ScheduleDefinition schedule, Instant now, Duration window) {
		Optional<ZonedDateTime> latest = Optional.empty();
		Optional<ZonedDateTime> fire = next(schedule, now.minus(window));
		while (fire.isPresent() && !fire.get().toInstant().isAfter(now)) {
			latest = fire;
			fire = next(schedule, fire.get().toInstant());
		}
		return latest;
	}

	/**
	 * When to try again a run that failed, or that another node had: {@code retryAfter}
	 * from now, as long as that is still within the catch-up window of its fire; beyond
	 * it a start would not catch it up either.
	 */
	static Optional<ZonedDateTime> retryAt(ZonedDateTime fireTime, Instant now, Duration retryAfter, Duration window) {
		ZonedDateTime retryAt = now.plus(retryAfter).atZone(fireTime.getZone());
		return retryAt.isBefore(fireTime.plus(window)) ? Optional.of(retryAt) : Optional.empty();
	}

}
