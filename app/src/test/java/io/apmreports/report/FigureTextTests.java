package io.apmreports.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.apmreports.formula.Change;
import io.apmreports.formula.Kind;

class FigureTextTests {

	@ParameterizedTest
	@CsvSource(nullValues = "null",
			value = { "1234.5678, 1, '1,234.6'", "0.0, 2, 0.00", "null, 1, ''", "NaN, 1, ''", "Infinity, 0, ''" })
	void numbersAreGroupedAndAbsentOnesEmpty(Double value, int decimals, String expected) {
		assertThat(FigureText.number(value, decimals)).isEqualTo(expected);
	}

	@ParameterizedTest
	@CsvSource(nullValues = "null", value = { "1234567.4, INTEGER, '1,234,567'", "1500.25, RATE, '1,500.3'",
			"0.925, SCORE, 0.93", "0.0123, FRACTION, 1.23%", "12.34, PERCENT, +12.3%", "null, MILLISECONDS, ''" })
	void aValueIsWrittenAsItsKindIs(Double value, Kind kind, String expected) {
		assertThat(FigureText.value(value, kind)).isEqualTo(expected);
	}

	@Test
	void anErrorRatesDifferenceIsInPercentagePoints() {
		// given 1.0% -> 1.5%
		Change change = new Change(0.015, 0.01);

		// then
		assertThat(FigureText.difference(change, Kind.FRACTION)).isEqualTo("+0.50 pp");
		assertThat(FigureText.moved(change, Kind.FRACTION)).isEqualTo("+0.50 pp");
		assertThat(FigureText.shown(change, Kind.FRACTION)).isEqualTo("\u25B2 +0.50 pp");
		assertThat(FigureText.inWords(change, Kind.FRACTION, Overview.Better.LOWER))
			.isEqualTo("up 0.50 pp from 1.00%, worse");
	}

	@Test
	void withoutAPreviousValueThereIsNoChangeToTell() {
		// given
		Change change = new Change(3.0, null);

		// then
		assertThat(FigureText.hasChange(change)).isFalse();
		assertThat(FigureText.arrow(change, Kind.INTEGER)).isEmpty();
		assertThat(FigureText.inWords(change, Kind.INTEGER, Overview.Better.NEITHER)).isEmpty();
		assertThat(FigureText.verdict(Overview.Better.LOWER, change, Kind.INTEGER))
			.isEqualTo(FigureText.Verdict.NEUTRAL);
	}

	@Test
	void aSmallChangeGetsTheDecimalsItNeedsAndNoneIsUnchanged() {
		// given Apdex 0.921 -> 0.920, and a figure that did not move
		Change small = new Change(0.920, 0.921);
		Change none = new Change(0.92, 0.92);

		// then
		assertThat(FigureText.difference(small, Kind.SCORE)).isEqualTo("-0.001");
		assertThat(FigureText.percent(small)).isEqualTo("-0.1%");
		assertThat(FigureText.inWords(none, Kind.SCORE, Overview.Better.HIGHER)).isEqualTo("unchanged from 0.92");
		assertThat(FigureText.verdict(Overview.Better.HIGHER, none, Kind.SCORE)).isEqualTo(FigureText.Verdict.NEUTRAL);
	}

	@Test
	void aChangeBelowThePrecisionTheValuesAreWrittenInIsNoChange() {
		// given Apdex 0.9204 -> 0.9200: both read 0.92
		Change change = new Change(0.9200, 0.9204);

		// then no "down 0.0004 from 0.92" beside 0.92
		assertThat(FigureText.inWords(change, Kind.SCORE, Overview.Better.HIGHER)).isEqualTo("unchanged from 0.92");
		assertThat(FigureText.shown(change, Kind.SCORE)).isEqualTo("no change");
		assertThat(FigureText.arrow(change, Kind.SCORE)).isEmpty();
	}

	@Test
	void aChangeThatNeedsMoreDecimalsSaysWhereFromWithThemToo() {
		// given Apdex 0.925 -> 0.924, written 0.93 and 0.92
		Change change = new Change(0.924, 0.925);

		// then not "down 0.001 from 0.93", which does not add up to 0.92
		assertThat(FigureText.inWords(change, Kind.SCORE, Overview.Better.HIGHER))
			.isEqualTo("down 0.001 (-0.1%) from 0.925");
		assertThat(FigureText.from(new Change(0.90, 0.92), Kind.SCORE)).isEqualTo("0.92");
	}

	@Test
	void fromZeroThereIsADifferenceButNoPercentage() {
		// given
		Change change = new Change(5.0, 0.0);

		// then
		assertThat(FigureText.difference(change, Kind.MILLISECONDS)).isEqualTo("+5.0");
		assertThat(FigureText.percent(change)).isEmpty();
		assertThat(FigureText.inWords(change, Kind.MILLISECONDS, Overview.Better.LOWER))
			.isEqualTo("up 5.0 from 0.0, worse");
	}

	@Test
	void aChangeUnderOnePercentIsToldButNeitherBetterNorWorse() {
		// given Apdex 0.9204 -> 0.9200 (-0.04%), and 0.92 -> 0.90 (-2.2%)
		Change noise = new Change(0.9200, 0.9204);
		Change drop = new Change(0.90, 0.92);

		// then
		assertThat(FigureText.verdict(Overview.Better.HIGHER, noise, Kind.SCORE)).isEqualTo(FigureText.Verdict.NEUTRAL);
		assertThat(FigureText.inWords(noise, Kind.SCORE, Overview.Better.HIGHER)).doesNotContain("worse");
		assertThat(FigureText.verdict(Overview.Better.HIGHER, drop, Kind.SCORE)).isEqualTo(FigureText.Verdict.WORSE);
	}

	@Test
	void aRatesChangeIsJudgedInPercentagePointsAndNoChangeHasNoArrow() {
		// given error rates 0.46% -> 0.4646% (+1% of itself, +0.0046 pp, both written
		// 0.46%) and 0.46% -> 0.60% (+0.14 pp); an Apdex that moved by 0.00003
		Change noise = new Change(0.004646, 0.0046);
		Change worse = new Change(0.006, 0.0046);
		Change still = new Change(0.92003, 0.92);

		// then the first is grey, the second red, and the Apdex shows no change
		assertThat(FigureText.verdict(Overview.Better.LOWER, noise, Kind.FRACTION))
			.isEqualTo(FigureText.Verdict.NEUTRAL);
		assertThat(FigureText.shown(noise, Kind.FRACTION)).isEqualTo("no change");
		assertThat(FigureText.verdict(Overview.Better.LOWER, worse, Kind.FRACTION)).isEqualTo(FigureText.Verdict.WORSE);
		assertThat(FigureText.shown(worse, Kind.FRACTION)).isEqualTo("\u25B2 +0.14 pp");
		assertThat(FigureText.shown(still, Kind.SCORE)).isEqualTo("no change");
		assertThat(FigureText.arrow(still, Kind.SCORE)).isEmpty();
		assertThat(FigureText.inWords(still, Kind.SCORE, Overview.Better.HIGHER)).isEqualTo("unchanged from 0.92");
		assertThat(FigureText.verdict(Overview.Better.HIGHER, still, Kind.SCORE)).isEqualTo(FigureText.Verdict.NEUTRAL);
	}

	@Test
	void aFiguresChangeShowsItsDifferenceAndItsPercent() {
		assertThat(FigureText.shown(new Change(230.0, 200.0), Kind.MILLISECONDS)).isEqualTo("\u25B2 +30.0 (+15.0%)");
		assertThat(FigureText.moved(new Change(230.0, 200.0), Kind.MILLISECONDS)).isEqualTo("+15.0%");
	}

	@Test
	void theVerdictFollowsWhichWayTheFigureGetsBetter() {
		// given
		Change down = new Change(90.0, 100.0);

		// then
		assertThat(FigureText.verdict(Overview.Better.LOWER, down, Kind.MILLISECONDS))
			.isEqualTo(FigureText.Verdict.BETTER);
		assertThat(FigureText.verdict(Overview.Better.HIGHER, down, Kind.MILLISECONDS))
			.isEqualTo(FigureText.Verdict.WORSE);
		assertThat(FigureText.verdict(Overview.Better.NEITHER, down, Kind.MILLISECONDS))
			.isEqualTo(FigureText.Verdict.NEUTRAL);
		assertThat(FigureText.arrow(down, Kind.MILLISECONDS)).isEqualTo("\u25BC");
	}

}
