package io.apmreports.formula;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

import io.apmreports.formula.ServiceLevelFormulas.BudgetColour;

class ServiceLevelFormulasTests {

	@Test
	void attainmentIsGoodOfValidInPercent() {
		// given 9,950 good of 10,000 valid events
		// when
		Double attainment = ServiceLevelFormulas.attainmentPct(9_950.0, 10_000.0);

		// then 9950 / 10000 * 100 = 99.5
		assertThat(attainment).isCloseTo(99.5, within(1e-12));
	}

	@Test
	void attainmentIsClampedAt100AsTheVendorsQueryClampsIt() {
		// more good than valid events (counted at different moments) reads 100, not 101
		assertThat(ServiceLevelFormulas.attainmentPct(101.0, 100.0)).isEqualTo(100.0);
	}

	@Test
	void attainmentIsAbsentWithoutValidEvents() {
		assertThat(ServiceLevelFormulas.attainmentPct(5.0, 0.0)).isNull();
		assertThat(ServiceLevelFormulas.attainmentPct(5.0, null)).isNull();
		assertThat(ServiceLevelFormulas.attainmentPct(null, 10.0)).isNull();
	}

	@Test
	void budgetConsumedIsTheMissedShareOverWhatTheTargetAllows() {
		// given 99.95 % attained against 99.9 %: 0.05 of an allowed 0.1 missed
		// when
		Double consumed = ServiceLevelFormulas.budgetConsumed(99.95, 99.9);

		// then half the budget is used, half left
		assertThat(consumed).isCloseTo(0.5, within(1e-9));
		assertThat(ServiceLevelFormulas.budgetRemaining(consumed)).isCloseTo(0.5, within(1e-9));
	}

	@Test
	void aMonthBelowItsTargetOverspendsItsBudget() {
		// given 98 % against 99 %: 2 missed of an allowed 1
		Double consumed = ServiceLevelFormulas.budgetConsumed(98.0, 99.0);

		// then 200 % consumed, and the remaining budget is negative
		assertThat(consumed).isCloseTo(2.0, within(1e-9));
		assertThat(ServiceLevelFormulas.budgetRemaining(consumed)).isCloseTo(-1.0, within(1e-9));
	}

	@Test
	void aTargetOf100LeavesNoBudget() {
		assertThat(ServiceLevelFormulas.budgetConsumed(100.0, 100.0)).isNull();
		assertThat(ServiceLevelFormulas.budgetConsumed(99.0, 100.0)).isNull();
		assertThat(ServiceLevelFormulas.budgetConsumed(null, 99.0)).isNull();
		assertThat(ServiceLevelFormulas.budgetConsumed(99.0, null)).isNull();
		assertThat(ServiceLevelFormulas.budgetRemaining(null)).isNull();
	}

	@Test
	void theColoursAreTheVendors() {
		assertThat(ServiceLevelFormulas.colour(0.26)).isEqualTo(BudgetColour.GREEN);
		assertThat(ServiceLevelFormulas.colour(1.0)).isEqualTo(BudgetColour.GREEN);
		assertThat(ServiceLevelFormulas.colour(0.25)).isEqualTo(BudgetColour.YELLOW);
		assertThat(ServiceLevelFormulas.colour(0.01)).isEqualTo(BudgetColour.YELLOW);
		assertThat(ServiceLevelFormulas.colour(0.0)).isEqualTo(BudgetColour.RED);
		assertThat(ServiceLevelFormulas.colour(-1.0)).isEqualTo(BudgetColour.RED);
		assertThat(ServiceLevelFormulas.colour(null)).isNull();
	}

	@Test
	void theApdexSharesAreCountsOverSamples() {
		// given 80 satisfied, 15 tolerating and 5 frustrated of 100 samples
		assertThat(ServiceLevelFormulas.share(80.0, 100.0)).isCloseTo(0.80, within(1e-12));
		assertThat(ServiceLevelFormulas.share(15.0, 100.0)).isCloseTo(0.15, within(1e-12));
		assertThat(ServiceLevelFormulas.share(5.0, 100.0)).isCloseTo(0.05, within(1e-12));
		// and none without samples
		assertThat(ServiceLevelFormulas.share(0.0, 0.0)).isNull();
		assertThat(ServiceLevelFormulas.share(null, 10.0)).isNull();
	}

}
