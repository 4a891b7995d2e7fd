package io.apmreports.formula;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class ChangeTests {

	@Test
	void percentIsTheDifferenceOverThePreviousValue() {
		// 230 ms after 200 ms: +30 ms, +15 %
		Change change = new Change(230.0, 200.0);

		assertThat(change.difference()).isEqualTo(30.0);
		assertThat(change.percent()).isCloseTo(15.0, within(1e-12));
		// a drop from 0.8 to 0.6 is -25 %
		assertThat(new Change(0.6, 0.8).percent()).isCloseTo(-25.0, within(1e-12));
	}

	@Test
	void anAbsentSideOrAZeroBeforeHasNoPercent() {
		assertThat(new Change(230.0, null).percent()).isNull();
		assertThat(new Change(null, 200.0).difference()).isNull();
		// 0 to 5 has a difference but no percentage
		assertThat(new Change(5.0, 0.0).difference()).isEqualTo(5.0);
		assertThat(new Change(5.0, 0.0).percent()).isNull();
	}

}
