package io.apmreports.range;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TimeRangeTests {

	@Test
	void parsesBoundsWithOffsets() {
		TimeRange range = TimeRange.parse("2026-11-09T00:00:00+01:00", "2026-11-16T00:00:00+01:00");

		assertThat(range.duration().toHours()).isEqualTo(168);
	}

	@Test
	void refusesABoundWithoutOffset() {
		assertThatThrownBy(() -> TimeRange.parse("2026-11-09T00:00:00", "2026-11-16T00:00:00+01:00"))
			.isInstanceOf(InvalidRangeException.class)
			.hasMessageContaining("from '2026-11-09T00:00:00' is not an ISO 8601 time with an offset");
	}

	@Test
	void refusesFromNotBeforeToAndRangesUnderSixtySeconds() {
		assertThatThrownBy(() -> TimeRange.parse("2026-11-16T00:00:00Z", "2026-11-09T00:00:00Z"))
			.hasMessageContaining("is not before to");
		assertThatThrownBy(() -> TimeRange.parse("2026-11-16T00:00:00Z", "2026-11-16T00:00:59Z"))
			.hasMessageContaining("shorter than 60 seconds");
	}

}
