package io.apmreports.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.apmreports.testing.BoundSettings;

class SchedulePropertiesTests {

	@ParameterizedTest(name = "{0}={1}")
	@CsvSource(delimiter = '|', textBlock = """
			catch-up    | -1h | schedule.catchUp: must be longer than or equal to 0
			retry-after | 0s  | schedule.retryAfter: must be longer than 0
			""")
	void anImpossibleValueIsRefusedWhenBound(String setting, String value, String error) {
		assertThat(BoundSettings.firstError("schedule", ScheduleProperties.class, Map.of("schedule." + setting, value)))
			.isEqualTo(error);
	}

	@Test
	void noCatchUpIsAccepted() {
		assertThat(
				BoundSettings.bind("schedule", ScheduleProperties.class, Map.of("schedule.catch-up", "0s")).catchUp())
			.isEqualTo(Duration.ZERO);
	}

}
