package io.apmreports.report.xlsx;

import static org.assertj.core.api.Assertions.assertThat;

import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

import io.apmreports.formula.Kind;
import io.apmreports.staging.ComparisonRow;

class SheetColumnsTests {

	@Test
	void aRatesChangeIsInPercentagePointsWithoutAPercentOfAPercentage() {
		// given an error rate from 0.50% to 0.46%: -0.04 pp, -8% of itself
		ComparisonRow errors = new ComparisonRow(1, "Checkout", "error_rate", 0.0046, 0.0050, -0.0004, -8.0);

		// then
		assertThat(SheetColumns.change(errors)).isCloseTo(-0.04, Offset.offset(1e-9));
		assertThat(SheetColumns.changeKind(errors)).isEqualTo(Kind.POINTS);
		assertThat(SheetColumns.changePct(errors)).isNull();
	}

	@Test
	void aChangeThatRoundsToNothingIsZeroNotMinusZero() {
		// given a response time 0.04 ms (0.03%) lower, which "#,##0.0" and "-0.0%" would
		// show with a minus
		ComparisonRow time = new ComparisonRow(1, "Checkout", "response_time_ms", 120.0, 120.04, -0.04, -0.0333);

		// then
		assertThat(SheetColumns.change(time)).isEqualTo(0.0);
		assertThat(SheetColumns.changePct(time)).isEqualTo(0.0);
		assertThat(SheetColumns.changeKind(time)).isEqualTo(Kind.MILLISECONDS);
	}

	@Test
	void aChangeThatShowsKeepsItsValue() {
		// given Apdex 0.95 -> 0.90
		ComparisonRow apdex = new ComparisonRow(1, "Checkout", "apdex_score", 0.9, 0.95, -0.05, -5.26);

		// then
		assertThat(SheetColumns.change(apdex)).isEqualTo(-0.05);
		assertThat(SheetColumns.changePct(apdex)).isEqualTo(-5.26);
	}

}
