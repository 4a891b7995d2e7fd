package io.apmreports.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ServiceLevelTextTests {

	@Test
	void anAttainmentHasOnePlaceMoreThanItsTargetAndTwoAtLeast() {
		assertThat(ServiceLevelText.attainment(99.8612, 99.9)).isEqualTo("99.86 %");
		assertThat(ServiceLevelText.attainment(99.9612, 99.95)).isEqualTo("99.961 %");
		assertThat(ServiceLevelText.attainment(99.2, 99.0)).isEqualTo("99.20 %");
		assertThat(ServiceLevelText.attainment(null, 99.0)).isEmpty();
	}

	@Test
	void anAttainmentBelow100OrOffItsTargetIsNeverWrittenAsEither() {
		// to two places 99.995 rounds to 100.00, and 99.8996 to 99.90, the target
		assertThat(ServiceLevelText.attainment(99.995, 99.9)).isEqualTo("99.995 %");
		assertThat(ServiceLevelText.attainment(99.8996, 99.9)).isEqualTo("99.8996 %");
		assertThat(ServiceLevelText.attainment(100.0, 99.9)).isEqualTo("100.00 %");
		assertThat(ServiceLevelText.attainment(99.9, 99.9)).isEqualTo("99.90 %");
	}

	@Test
	void aTargetIsWrittenAsItWasSet() {
		assertThat(ServiceLevelText.target(99.9)).isEqualTo("99.9 %");
		assertThat(ServiceLevelText.target(99.0)).isEqualTo("99 %");
		assertThat(ServiceLevelText.target(99.12345)).isEqualTo("99.12345 %");
		assertThat(ServiceLevelText.target(null)).isEmpty();
	}

	@Test
	void aShareOfTheBudgetIsInWholePercentsAndOnePlaceUnderTen() {
		assertThat(ServiceLevelText.share(1.4)).isEqualTo("140 %");
		assertThat(ServiceLevelText.share(0.035)).isEqualTo("3.5 %");
		assertThat(ServiceLevelText.share(-0.4)).isEqualTo("-40 %");
		assertThat(ServiceLevelText.share(null)).isEmpty();
	}

	@Test
	void aSpentBudgetSaysHowMuchWasUsed() {
		ServiceLevelReport.Month spent = new ServiceLevelReport.Month(ServiceLevelFixtures.OCTOBER, false, false, 99.86,
				998_600.0, 1_000_000.0, 1.4, -0.4, BudgetColour.RED);

		assertThat(ServiceLevelText.budget(spent)).isEqualTo("spent: 140 % used");
	}

}
