package io.apmreports.range;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SeriesSlicesTests {

	@ParameterizedTest
	@CsvSource({ "60, 1", "180, 1", "181, 2", "720, 5", "1440, 10", "10080, 60", "43200, 360", "90720, 720",
			"90721, 4320" })
	void slicesFollowRestsTable(long rangeMinutes, long sliceMinutes) {
		assertThat(SeriesSlices.minutes(rangeMinutes)).isEqualTo(sliceMinutes);
	}

}
