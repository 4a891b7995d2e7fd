package io.apmreports.formula;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SumTests {

	@Test
	void addsWholeAndDecimalNumbersAndSkipsWhatIsAbsentOrNotFinite() {
		// given 3 hosts, 2.5 rpm, nothing, NaN
		Sum sum = new Sum();
		sum.add(3);
		sum.add(2.5);
		sum.add(null);
		sum.add(Double.NaN);

		// then 3 + 2.5
		assertThat(sum.value()).isEqualTo(5.5);
	}

	@Test
	void aSumOfNothingIsAbsentNotZero() {
		Sum sum = new Sum();
		sum.add(null);

		assertThat(sum.value()).isNull();
		assertThat(new Sum().value()).isNull();
	}

}
