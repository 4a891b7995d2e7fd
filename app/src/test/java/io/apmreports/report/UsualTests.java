package io.apmreports.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.apmreports.testing.CourseFixtures;

/** The usual median and spread, checked against medians worked out by hand. */
class UsualTests {

	@Test
	void theMedianOfAnOddCountIsTheMiddleKeptValueAndAGapIsNotAZero() {
		// given 12 weeks, one not kept: 11 kept
		Usual usual = Usual.of("week", CourseFixtures.EARLIER);

		// then the 6th of the sorted 11, never pulled down by a 0 for the gap
		assertThat(usual).isEqualTo(CourseFixtures.RESPONSE_USUAL);
	}

	@Test
	void theMedianOfAnEvenCountIsTheMeanOfTheTwoMiddleValues() {
		Usual usual = Usual.of("month", Arrays.asList(4.0, null, 1.0, 3.0, 10.0));

		// sorted 1 3 4 10: (3 + 4) / 2
		assertThat(usual.median()).isEqualTo(3.5);
		assertThat(usual.low()).isEqualTo(1.0);
		assertThat(usual.high()).isEqualTo(10.0);
		assertThat(usual.kept()).isEqualTo(4);
		assertThat(usual.asked()).isEqualTo(5);
	}

	@Test
	void fewerThanThreeKeptPeriodsHaveNoMedianButSayHowManyWereKept() {
		Usual usual = Usual.of("week", Arrays.asList(null, 5.0, null, 7.0));

		assertThat(usual.told()).isFalse();
		assertThat(usual.median()).isNull();
		assertThat(usual.kept()).isEqualTo(2);
		assertThat(usual.asked()).isEqualTo(4);
		assertThat(usual.holds(6.0)).isNull();
	}

	@Test
	void aValueIsWithinTheSpreadIncludingItsBounds() {
		Usual usual = Usual.of("week", List.of(210.0, 230.0, 260.0));

		assertThat(usual.holds(210.0)).isTrue();
		assertThat(usual.holds(260.0)).isTrue();
		assertThat(usual.holds(260.5)).isFalse();
		assertThat(usual.holds(null)).isNull();
	}

}
