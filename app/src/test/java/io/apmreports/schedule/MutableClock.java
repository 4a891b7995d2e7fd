package io.apmreports.schedule;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;

/**
 * A clock a test sets to the moment it needs (a Monday morning, a night of
 * daylight-saving change), which then runs on at the real pace, as a scheduler waiting
 * for a fire needs.
 */
final class MutableClock extends Clock {

	private volatile Duration offset = Duration.ZERO;

	void set(ZonedDateTime time) {
		this.offset = Duration.between(Instant.now(), time.toInstant());
	}

	@Override
	public ZoneId getZone() {
		return ZoneOffset.UTC;
	}

	@Override
	public Clock withZone(ZoneId zone) {
		return Clock.fixed(instant(), zone);
	}

	@Override
	public Instant instant() {
		return Instant.now().plus(offset);
	}

}
