package io.apmreports.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import java.math.BigDecimal;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.apmreports.definition.CostSettings.UserRule;
import io.apmreports.report.CostReport.Level;
import io.apmreports.report.CostReport.Line;
import io.apmreports.staging.CostAccount;

class CostReportBuilderTests {

	@Test
	void eachTeamHasItsLinesAndSubtotalAndTheTotalIsTheBill() {
		CostReport report = CostFixtures.priced();

		// checkout 150 + 80 = 230 GB x 0.30 = 69; search 100 -> 30; no tag 20 -> 6;
		// unallocated 50.5 + 20 = 70.5 -> 21.15
		assertThat(subtotals(report)).containsExactly("checkout 230 69", "search 100 30", "(no team tag) 20 6",
				"(unallocated) 70.5 21.15");
		// 150 / 420.5 of the month's gigabytes
		Line checkout = report.lines().get(0);
		assertThat(checkout.share().doubleValue()).isCloseTo(150 / 420.5, offset(1e-15));
		assertThat(checkout.cost()).isEqualByComparingTo("45");
		// floor(420.5) - 100 = 320 billable; allowance 320 - 420.5 = -100.5, x 0.30 =
		// -30.15; users 3 x 349 + 2 x 49 = 1145, basic unpriced; compute 1000 x 0.10 =
		// 100; 420.5 x 0.30 - 30.15 + 1145 + 100 = 1341
		Line allowance = item(report, "free allowance");
		assertThat(allowance.quantity()).isEqualByComparingTo("-100.5");
		assertThat(allowance.cost()).isEqualByComparingTo("-30.15");
		assertThat(item(report, "full-platform users").cost()).isEqualByComparingTo("1047");
		assertThat(item(report, "core users").cost()).isEqualByComparingTo("98");
		assertThat(item(report, "basic users").cost()).isNull();
		assertThat(item(report, "core compute units").cost()).isEqualByComparingTo("100");
		Line total = report.lines().get(report.lines().size() - 1);
		assertThat(total.level()).isEqualTo(Level.TOTAL);
		assertThat(total.quantity()).isEqualByComparingTo("320");
		assertThat(total.cost()).isEqualByComparingTo("1341");
		assertThat(report.items()
			.stream()
			.map(Line::cost)
			.filter(cost -> cost != null)
			.reduce(BigDecimal.ZERO, BigDecimal::add)).isEqualByComparingTo(total.cost());
	}

	@Test
	void withoutPricesThereIsNoCurrencyAndNoCostAnywhere() {
		CostReport report = CostFixtures.unpriced();

		assertThat(report.priced()).isFalse();
		assertThat(report.lines()).allMatch(line -> line.cost() == null);
		assertThat(report.accounts()).allMatch(line -> line.cost() == null);
		// the vendor's freeLimit of 100 GB still takes the total to 320 GB billed
		assertThat(report.lines().get(report.lines().size() - 1).quantity()).isEqualByComparingTo("320");
		assertThat(report.headline().figures()).extracting(CostHeadline.Figure::name).doesNotContain("Total");
	}

	@Test
	void usersSplitByIngestFollowTheTeamsAllocatedGigabytesToTheCent() {
		CostReport report = CostReportBuilder.build(CostFixtures.OCTOBER,
				CostFixtures.settings(UserRule.BY_INGEST, CostFixtures.PRICES), "team", "us", CostFixtures.ROWS,
				CostFixtures.ACCOUNTS, CostFixtures.BILLED, CostFixtures.MONTHS);

		// allocated 230 + 100 + 20 = 350 GB; checkout's share of 1047 is 1047 x 230 /
		// 350 = 688.0285714...; the three add up to 1047 exactly
		List<Line> shares = report.lines()
			.stream()
			.filter(line -> line.item().equals("full-platform users (share by ingest)"))
			.toList();
		assertThat(shares).extracting(Line::team).containsExactly("checkout", "search", "(no team tag)");
		assertThat(shares.get(0).cost().doubleValue()).isCloseTo(1047.0 * 230 / 350, offset(1e-9));
		assertThat(shares.stream().map(Line::cost).reduce(BigDecimal.ZERO, BigDecimal::add))
			.isEqualByComparingTo("1047");
		assertThat(report.lines()).noneMatch(line -> "full-platform users".equals(line.item()));
		// the bill is the same whichever way users are shown
		assertThat(report.lines().get(report.lines().size() - 1).cost()).isEqualByComparingTo("1341");
	}

	@Test
	void usersSplitEvenlyGiveEachTeamItsThird() {
		CostReport report = CostReportBuilder.build(CostFixtures.OCTOBER,
				CostFixtures.settings(UserRule.EVEN, CostFixtures.PRICES), "team", "us", CostFixtures.ROWS,
				CostFixtures.ACCOUNTS, CostFixtures.BILLED, CostFixtures.MONTHS);

		// 3 users / 3 teams = 1 each, 349 each
		assertThat(
				report.lines()
					.stream()
					.filter(line -> line.item().equals("full-platform users (even share)"))
					.map(line -> line.quantity().stripTrailingZeros().toPlainString() + " "
							+ line.cost().stripTrailingZeros().toPlainString()))
			.containsExactly("1 349", "1 349", "1 349");
		// checkout 69 + 349 + core 98 / 3
		assertThat(report.lines()
			.stream()
			.filter(line -> line.level() == Level.SUBTOTAL && line.team().equals("checkout"))
			.findFirst()
			.orElseThrow()
			.cost()
			.doubleValue()).isCloseTo(69 + 349 + 98.0 / 3, offset(1e-9));
	}

	@Test
	void eachAccountHasItsBilledAllocatedAndUnallocatedAndHowMuchWasMeasured() {
		CostReport report = CostFixtures.priced();

		assertThat(report.accounts()).extracting(CostReport.AccountLine::accountName)
			.containsExactly("production (parent, own ingest)", "staging", "Total", "Free allowance", "Billed");
		CostReport.AccountLine staging = report.accounts().get(1);
		// 80 + 20 allocated, 20 unallocated, 120 billed x 0.30 = 36
		assertThat(staging.allocated()).isEqualByComparingTo("100");
		assertThat(staging.unallocated()).isEqualByComparingTo("20");
		assertThat(staging.allocated().add(staging.unallocated())).isEqualByComparingTo(staging.billed());
		assertThat(staging.cost()).isEqualByComparingTo("36");
		assertThat(staging.measured()).isEqualTo(
				"measured 21 of 31 days, the estimates extrapolated x 31/21; shares of those days applied to the whole month");
		assertThat(report.accounts().get(0).measured()).isEqualTo("measured all 31 days");
		assertThat(report.accounts().get(2).billed()).isEqualByComparingTo("420.5");
		// the table ends with the bill: 420.5 - 100.5 = 320 GB, x 0.30 = 96
		assertThat(report.accounts().get(4).billed()).isEqualByComparingTo("320");
		assertThat(report.accounts().get(4).cost()).isEqualByComparingTo("96");
		assertThat(report.headline().notes()).contains(
				"staging: measured 21 of 31 days, the estimates extrapolated x 31/21; shares of those days applied to the whole month.");
	}

	@Test
	void anAccountNotMeasuredSaysWhyAndThatItsIngestIsUnallocated() {
		CostAccount data = new CostAccount(2468013, "data", false, 10.0, 0, 31, "no day of the month was measured");

		assertThat(CostReportBuilder.measured(data))
			.isEqualTo("not measured, no day of the month was measured; its ingest is unallocated");
	}

	@Test
	void theMonthsAreKnownWhereStagedAndEmptyWhereNot() {
		CostHistory history = CostFixtures.priced().history();

		assertThat(history.months()).hasSize(12).endsWith(CostFixtures.OCTOBER);
		CostHistory.Row checkout = history.teams().get(0);
		assertThat(checkout.label()).isEqualTo("checkout");
		// September 140 + 77.6; August known by account only; July not at all
		assertThat(checkout.previous()).isEqualByComparingTo("217.6");
		assertThat(checkout.gigabytes().get(9)).isNull();
		assertThat(checkout.gigabytes().get(8)).isNull();
		assertThat(checkout.change()).isEqualByComparingTo("12.4");
		CostHistory.Row production = history.accounts().get(0);
		// August 380; September 140 + 105 + 50.5 = 295.5; October 300.5
		assertThat(production.gigabytes().subList(9, 12)).usingElementComparator(BigDecimal::compareTo)
			.containsExactly(new BigDecimal("380"), new BigDecimal("295.5"), new BigDecimal("300.5"));
		assertThat(production.gigabytes().get(8)).isNull();
	}

	@Test
	void theMoversAreTheTeamsThatChangedMostInWords() {
		// checkout 217.6 -> 230: +12.4 GB x 0.30 = +3.72; search 105 -> 100: -5 GB, -1.50
		assertThat(CostFixtures.priced().headline().movers()).containsExactly(
				"checkout rose 12.4 GB (+$3.72) to 230.0 GB, the largest rise",
				"search fell 5.0 GB (-$1.50) to 100.0 GB, the largest fall");
		assertThat(CostFixtures.unpriced().headline().movers()).containsExactly(
				"checkout rose 12.4 GB to 230.0 GB, the largest rise",
				"search fell 5.0 GB to 100.0 GB, the largest fall");
	}

	@Test
	void noMoversWhenThePreviousMonthIsNotKnownByTeam() {
		CostHeadline headline = CostReportBuilder
			.build(CostFixtures.OCTOBER, CostFixtures.settings(UserRule.OWN_LINE, null), "team", "us",
					CostFixtures.ROWS, CostFixtures.ACCOUNTS, CostFixtures.BILLED, List.of())
			.headline();

		assertThat(headline.movers()).isEmpty();
		assertThat(headline.moversNote()).isEqualTo("Not compared: the previous month's split by team is not known.");
	}

	@Test
	void theEuropeanPriceAppliesInTheEuRegion() {
		CostReport report = CostReportBuilder.build(CostFixtures.OCTOBER,
				CostFixtures.settings(UserRule.OWN_LINE, CostFixtures.PRICES), "team", "eu", CostFixtures.ROWS,
				CostFixtures.ACCOUNTS, CostFixtures.BILLED, CostFixtures.MONTHS);

		// 150 GB x 0.35 = 52.5
		assertThat(report.lines().get(0).cost()).isEqualByComparingTo("52.5");
	}

	private static List<String> subtotals(CostReport report) {
		return report.lines()
			.stream()
			.filter(line -> line.level() == Level.SUBTOTAL)
			.map(line -> line.team() + " " + line.quantity().stripTrailingZeros().toPlainString() + " "
					+ line.cost().stripTrailingZeros().toPlainString())
			.toList();
	}

	private static Line item(CostReport report, String item) {
		return report.lines().stream().filter(line -> item.equals(line.item())).findFirst().orElseThrow();
	}

}
