package io.apmreports.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.YearMonth;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.apmreports.staging.ServiceLevelRow;

class ServiceLevelReportBuilderTests {

	@Test
	void eachLevelsMonthHasTheBudgetComputedByHand() {
		ServiceLevelReport report = ServiceLevelFixtures.october();

		ServiceLevelReport.Month checkout = report.levels().get(0).current();
		ServiceLevelReport.Month search = report.levels().get(1).current();
		ServiceLevelReport.Month login = report.levels().get(2).current();
		// 998,600 / 1,000,000 = 99.86 %; (100 - 99.86) / (100 - 99.9) = 1.4
		assertThat(checkout.attainmentPct()).isCloseTo(99.86, within(1e-9));
		assertThat(checkout.consumed()).isCloseTo(1.4, within(1e-9));
		assertThat(checkout.remaining()).isCloseTo(-0.4, within(1e-9));
		assertThat(checkout.colour()).isEqualTo(BudgetColour.RED);
		// (100 - 99.9) / (100 - 99.5) = 0.2
		assertThat(search.consumed()).isCloseTo(0.2, within(1e-9));
		assertThat(search.colour()).isEqualTo(BudgetColour.GREEN);
		// (100 - 99.2) / (100 - 99) = 0.8: 20 % left, a quarter or less
		assertThat(login.remaining()).isCloseTo(0.2, within(1e-9));
		assertThat(login.colour()).isEqualTo(BudgetColour.YELLOW);
		assertThat(login.partial()).isTrue();
	}

	@Test
	void theTwelveMonthsEndWithTheRunsAndThoseBeforeTheLevelHaveNoFigures() {
		ServiceLevelReport report = ServiceLevelFixtures.october();

		assertThat(report.months()).hasSize(12)
			.startsWith(YearMonth.of(2025, 11))
			.endsWith(ServiceLevelFixtures.OCTOBER);
		ServiceLevelReport.Level search = report.levels().get(1);
		ServiceLevelReport.Month may = search.months().get(6);
		assertThat(may.month()).isEqualTo(YearMonth.of(2026, 5));
		assertThat(may.beforeCreation()).isTrue();
		assertThat(may.attainmentPct()).isNull();
		assertThat(may.consumed()).isNull();
		assertThat(may.colour()).isNull();
		assertThat(may.budgetWords()).isEqualTo("before the SLI existed");
		assertThat(search.months().get(7).budgetWords()).isEqualTo("80 % left (partial month)");
	}

	@Test
	void theWorstBudgetComesFirstInWords() {
		ServiceLevelHeadline headline = ServiceLevelFixtures.october().headline();

		assertThat(headline.title()).isEqualTo("Service levels in October 2026");
		assertThat(headline.worst()).extracting(ServiceLevelHeadline.Worst::text)
			.containsExactly(
					"Checkout availability (Checkout Service) spent 140 % of its error budget in October 2026: "
							+ "99.86 % against 99.9 %",
					"Login success used 80 % of its error budget in October 2026, 20 % left: 99.20 % against 99 % "
							+ "(a partial month: created 14 October)",
					"Search API latency used 20 % of its error budget in October 2026, 80 % left: 99.90 % against "
							+ "99.5 %");
		assertThat(headline.worst()).extracting(ServiceLevelHeadline.Worst::colour)
			.containsExactly(BudgetColour.RED, BudgetColour.YELLOW, BudgetColour.GREEN);
		assertThat(headline.notes())
			.containsExactly("3 service levels on 3 applications; 1 application without one has its SLA figures.");
	}

	@Test
	void theSlaMonthsSayWhereTheyCameFromAndAMonthNotHeldIsEmpty() {
		ServiceLevelReport report = ServiceLevelFixtures.october();

		ServiceLevelReport.SlaApplication billing = report.sla().get(0);
		assertThat(billing.team()).isEqualTo("checkout");
		assertThat(billing.months()).hasSize(12);
		ServiceLevelReport.SlaMonth october = billing.months().get(11);
		assertThat(october.origin()).isEqualTo("kept from a run");
		assertThat(october.apdexScore()).isEqualTo(0.93);
		ServiceLevelReport.SlaMonth september = billing.months().get(10);
		assertThat(september.origin()).isEqualTo("from NRQL");
		assertThat(september.apdexScore()).isNull();
		assertThat(billing.months().get(0)).isEqualTo(
				new ServiceLevelReport.SlaMonth(YearMonth.of(2025, 11), null, null, null, null, null, null, null));
	}

	@Test
	void anApplicationWithoutTheTagIsSaidSo() {
		assertThat(ServiceLevelFixtures.october().levels().get(2).team()).isEqualTo("(no team tag)");
	}

	@Test
	void throughRestOneLineSaysServiceLevelsNeedNrqlAndTheSlaFiguresFollow() {
		ServiceLevelReport report = ServiceLevelFixtures.rest();

		assertThat(report.levels()).isEmpty();
		assertThat(report.sla()).hasSize(1);
		assertThat(report.headline().worst()).isEmpty();
		assertThat(report.headline().notes()).containsExactly("Service levels need NRQL over NerdGraph; this report "
				+ "reads REST v2, so it shows the SLA figures of every application.");
	}

	@Test
	void theHeadlineNamesTheFiveWorstAndCountsTheRest() {
		List<ServiceLevelRow> levels = new ArrayList<>();
		for (int i = 0; i < 7; i++) {
			levels.add(new ServiceLevelRow(1, "g" + i, "Level " + i, i, "App " + i, null, null, 99.0, 28));
		}
		ServiceLevelReport report = ServiceLevelReportBuilder.build(ServiceLevelFixtures.OCTOBER, null, true, levels,
				List.of(), List.of(), id -> "account " + id, true);

		assertThat(report.headline().worst()).hasSize(ServiceLevelText.WORST);
		assertThat(report.headline().notes()).contains("2 more in the files.");
		// a month not staged has no figures, and says so
		assertThat(report.headline().worst().get(0).text())
			.isEqualTo("Level 0 (App 0) had no valid events in " + "October 2026");
	}

}
