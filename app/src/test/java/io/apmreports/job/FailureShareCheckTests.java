package io.apmreports.job;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FailureShareCheckTests {

	@ParameterizedTest(name = "{0} of {1} failed, {2} allowed: too many = {3}")
	@CsvSource({
			// exactly the allowed share is still a report; one more is not
			"1, 10, 0.1, false", "2, 10, 0.1, true",
			// the 3 of 13 of the integration test: 23%
			"3, 13, 0.1, true", "0, 13, 0.0, false", "1, 13, 0.0, true",
			// every one failed, with everything allowed; nothing to report at all is not
			// a failure share
			"13, 13, 1.0, false", "0, 0, 0.1, false" })
	void failsTheRunOnlyAboveTheAllowedShare(long failed, long total, double allowed, boolean tooMany) {
		assertThat(FailureShareCheck.tooMany(failed, total, allowed)).isEqualTo(tooMany);
	}

}
