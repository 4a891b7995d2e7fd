package io.apmreports.schedule;

import java.nio.file.Path;
import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

import io.apmreports.UserFacingException;

/**
 * Settings of scheduler mode ({@code schedule.*}).
 *
 * @param definitions the directory of schedule definitions
 * @param catchUp how far back a scheduler looks at its start for a fire that no node ran (it was down at the time):
 * the latest such fire of each schedule runs, with its own range
 * @param retryAfter how long after a failed run the scheduler tries it again, as long as its fire time is still
 * within the catch-up window
 */
@ConfigurationProperties("schedule")
public record ScheduleProperties(@DefaultValue("schedules") Path definitions, @DefaultValue("12h") Duration catchUp,
		@DefaultValue("15m") Duration retryAfter) {

	public ScheduleProperties {
		if (catchUp.isNegative()) {
			throw new UserFacingException("schedule.catch-up must not be negative, not " + catchUp);
		}
		if (retryAfter.isNegative() || retryAfter.isZero()) {
			throw new UserFacingException("schedule.retry-after must be positive, not " + retryAfter);
		}
	}

}
