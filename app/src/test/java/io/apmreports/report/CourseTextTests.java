package io.apmreports.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;

import org.junit.jupiter.api.Test;

import io.apmreports.formula.Change;
import io.apmreports.formula.Kind;
import io.apmreports.testing.CourseFixtures;

/** A course and what was usual in the words and bars every reader shares. */
class CourseTextTests {

	@Test
	void theSparklineScalesFromTheLowestToTheHighestAndShowsAGapAsADot() {
		Course course = new Course("week", Arrays.asList(0.0, 7.0, null, 3.5, 14.0), Usual.of("week", Arrays.asList()));

		// 0 -> lowest bar, 7 -> (7/14*7 = 3.5, rounded 4) fifth bar, 14 -> full bar
		assertThat(CourseText.sparkline(course)).isEqualTo("\u2581\u2585\u00B7\u2583\u2588");
	}

	@Test
	void aFlatCourseIsAFlatLineNotTheLowestBar() {
		Course course = new Course("week", Arrays.asList(5.0, 5.0), Usual.of("week", Arrays.asList()));

		assertThat(CourseText.sparkline(course)).isEqualTo("\u2584\u2584");
	}

	@Test
	void aHeadlineSaysItsLowHighAndTheUsualMedianWithItsSpread() {
		Overview.Headline headline = new Overview.Headline("Response time (ms)", Kind.MILLISECONDS,
				Overview.Better.LOWER, new Change(230.0, 260.0), CourseFixtures.RESPONSE_COURSE);

		assertThat(CourseText.headline(headline)).endsWith(
				" 12 weeks, low 210.0 ms, high 260.0 ms; usual 230.0 ms (median of 11 weeks kept of the 12 before, 200.0 ms\u2013260.0 ms)");
	}

	@Test
	void aFullHistoryIsTheTwelveWeekMedianAndTooLittleSaysHowMuchIsKept() {
		assertThat(CourseText.usual(CourseFixtures.CHECKOUT_USUAL, Kind.MILLISECONDS))
			.isEqualTo("usual 100.0 ms (median of the 12 weeks before, 70.0 ms\u2013130.0 ms)");
		assertThat(CourseText.usual(CourseFixtures.CALLS_COURSE.usual(), Kind.INTEGER))
			.isEqualTo("not enough history: 2 of 12 weeks kept");
		// under a heading that says it is the median and its spread
		assertThat(CourseText.usualShort(CourseFixtures.CHECKOUT_USUAL, Kind.MILLISECONDS))
			.isEqualTo("100.0 ms (70.0 ms\u2013130.0 ms)");
		assertThat(CourseText.usualShort(CourseFixtures.RESPONSE_USUAL, Kind.MILLISECONDS))
			.isEqualTo("230.0 ms (200.0 ms\u2013260.0 ms)");
	}

	@Test
	void aRegressionSaysWhetherItsWorseValueIsWithinItsUsualSpread() {
		Overview.Mover within = new Overview.Mover("Checkout", "Response time (ms)", Kind.MILLISECONDS,
				Overview.Better.LOWER, new Change(120.0, 80.0), CourseFixtures.CHECKOUT_USUAL);
		Overview.Mover outside = new Overview.Mover("Checkout", "Response time (ms)", Kind.MILLISECONDS,
				Overview.Better.LOWER, new Change(131.0, 80.0), CourseFixtures.CHECKOUT_USUAL);

		assertThat(CourseText.regression(within))
			.isEqualTo("within its usual spread: 70.0 ms\u2013130.0 ms over the 12 weeks before");
		assertThat(CourseText.regression(outside))
			.isEqualTo("outside its usual spread: 70.0 ms\u2013130.0 ms over the 12 weeks before");
		assertThat(CourseText.regression(within.withUsual(null))).isEmpty();
	}

}
