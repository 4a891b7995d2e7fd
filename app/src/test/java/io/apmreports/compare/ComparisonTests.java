package io.apmreports.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ComparisonTests {

	@Test
	void numbersAgreeWithinTheToleranceOfTheLargerAndAbsentOnlyWithAbsent() {
		// 100 and 100.00009 differ by 9e-7 of the larger; 100 and 100.0002 by 2e-6
		assertThat(Comparison.agree(100.0, 100.00009, 1e-6)).isTrue();
		assertThat(Comparison.agree(100.0, 100.0002, 1e-6)).isFalse();
		assertThat(Comparison.agree(0.0, 0.0, 0)).isTrue();
		assertThat(Comparison.agree(null, null, 1e-6)).isTrue();
		assertThat(Comparison.agree(null, 0.0, 1e-6)).as("an empty cell is not a zero").isFalse();
		assertThat(Comparison.agree(-5.0, 5.0, 1e-6)).isFalse();
	}

	@Test
	void theVerdictCountsValuesApplicationsAndDifferences() {
		// given four values of two applications, one of which differs beyond the
		// tolerance and one only by float noise
		Comparison comparison = new Comparison(1e-6);
		comparison.figure(1, "Shop", "response_time_ms", 120.0, 120.0);
		comparison.text(1, "Shop", "status", "OK", "OK");
		comparison.figure(2, "Billing", "throughput_rpm", 10.0, 11.0);
		comparison.figure(2, "Billing", "response_time_ms", 200.3383990000000, Math.nextUp(200.338399));

		// then
		assertThat(comparison.same()).isFalse();
		assertThat(comparison.compared()).isEqualTo(4);
		assertThat(comparison.differences())
			.containsExactly(new Difference(2, "Billing", "throughput_rpm", "10.0", "11.0"));
		assertThat(comparison.verdict()).isEqualTo("Different figures: 1 of 4 values, in 1 application, differ by "
				+ "more than 0.0001%; look into them before switching.");
	}

	@Test
	void aDifferenceShowsEveryDigitSoThatTwoValuesNeverPrintAlike() {
		Comparison comparison = new Comparison(0);
		comparison.figure(1, "Shop", "response_time_ms", 200.338399, Math.nextUp(200.338399));

		assertThat(comparison.differences()).singleElement()
			.satisfies(difference -> assertThat(difference.rest()).isNotEqualTo(difference.nrql()));
	}

	@Test
	void agreeingSourcesGetAVerdictThatSaysSo() {
		Comparison comparison = new Comparison(1e-9);
		comparison.figure(7, "Edge", "error_rate", 0.25, 0.25);

		assertThat(comparison.same()).isTrue();
		assertThat(comparison.verdict())
			.isEqualTo("Same figures from both sources: 1 value of 1 application agree within 0.0000001%.");
	}

	@Test
	void refusesANegativeTolerance() {
		assertThatThrownBy(() -> new Comparison(-1)).isInstanceOf(IllegalArgumentException.class);
	}

}
