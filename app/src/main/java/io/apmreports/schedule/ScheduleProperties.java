package io.apmreports.schedule;

import java.nio.file.Path;
import java.time.Duration;

import jakarta.validation.constraints.NotNull;
import org.hibernate.validator.constraints.time.DurationMin;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Settings of scheduler mode ({@code schedule.*}).
 *
 * @param definitions the directory of schedule definitions
 * @param catchUp how far back a scheduler looks at its start for a fire that no node ran
 * (it was down at the time): the latest such fire of each schedule runs, with its own
 * range
 * @param retryAfter how long after a failed run the scheduler tries it again, as long as
 * its fire time is still within the catch-up window
 */
@ConfigurationProperties("schedule")
@Validated
public record ScheduleProperties(@DefaultValue("schedules") @NotNull Path definitions,
		@DefaultValue("12h") @NotNull @DurationMin(nanos = 0) Duration catchUp,
		@DefaultValue("15m") @NotNull @DurationMin(nanos = 0, inclusive = false) Duration retryAfter) {
}
