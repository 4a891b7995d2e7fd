package io.apmreports.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BudgetColourTests {

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
