package io.apmreports.schedule;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;

/** A clock a test sets to the moment it needs: a Monday morning, a night of daylight-saving change. */
final class MutableClock extends Clock {

	private volatile Instant now = Instant.EPOCH;

	void set(ZonedDateTime time) {
		this.now = time.toInstant();
	}

	@Override
	public ZoneId getZone() {
		return ZoneOffset.UTC;
	}

	@Override
	public Clock withZone(ZoneId zone) {
		return Clock.fixed(now, zone);
	}

	@Override
	public Instant instant() {
		return now;
	}

}
