package io.apmreports.cli;

import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;

/** Times and durations of runs as {@code runs} and {@code show} print them. */
final class RunTimes {

	private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ssxxx");

	private RunTimes() {
	}

	/**
	 * To the second and with its offset, so that it is read the same anywhere; empty for
	 * none.
	 */
	static String time(ZonedDateTime time) {
		return time == null ? "" : TIME.format(time);
	}

	/** In seconds, to the millisecond; empty for none. */
	static String duration(Duration duration) {
		return duration == null ? "" : duration.toMillis() / 1000.0 + "s";
	}

}
