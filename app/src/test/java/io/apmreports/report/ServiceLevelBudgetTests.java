package io.apmreports.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class ServiceLevelBudgetTests {

	@Test
	void theBudgetConsumedIsWhatWentWrongOfWhatTheTargetAllows() {
		// (100 - 99.95) / (100 - 99.9) = 0.05 / 0.1
		assertThat(ServiceLevelBudget.consumed(99.95, 99.9)).isCloseTo(0.5, within(1e-9));
		assertThat(ServiceLevelBudget.remaining(0.5)).isCloseTo(0.5, within(1e-9));
		assertThat(ServiceLevelBudget.remaining(1.4)).isCloseTo(-0.4, within(1e-9));
	}

	@Test
	void withoutAnAttainmentOrATargetOrWithATargetOf100ThereIsNoBudget() {
		assertThat(ServiceLevelBudget.consumed(null, 99.9)).isNull();
		assertThat(ServiceLevelBudget.consumed(99.9, null)).isNull();
		assertThat(ServiceLevelBudget.consumed(100.0, 100.0)).isNull();
		assertThat(ServiceLevelBudget.remaining(null)).isNull();
	}

	@Test
	void theColoursAreTheVendorsGreenAboveAQuarterYellowToSpentRedWhenSpent() {
		assertThat(BudgetColour.of(0.26)).isEqualTo(BudgetColour.GREEN);
		assertThat(BudgetColour.of(0.25)).isEqualTo(BudgetColour.YELLOW);
		assertThat(BudgetColour.of(0.01)).isEqualTo(BudgetColour.YELLOW);
		assertThat(BudgetColour.of(0.0)).isEqualTo(BudgetColour.RED);
		assertThat(BudgetColour.of(-0.4)).isEqualTo(BudgetColour.RED);
		assertThat(BudgetColour.of(null)).isNull();
	}

}
