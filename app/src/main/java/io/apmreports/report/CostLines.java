package io.apmreports.report;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import io.apmreports.definition.CostSettings.UserRule;
import io.apmreports.formula.CostSplit;
import io.apmreports.formula.Money;
import io.apmreports.report.CostHeadline.Figure;
import io.apmreports.report.CostReport.Level;
import io.apmreports.report.CostReport.Line;
import io.apmreports.source.BilledMonth;
import io.apmreports.staging.CostRow;

/**
 * The team table of a cost report: each team's lines and subtotal, the users split into
 * the teams where the definition says so, the organisation's lines (users on a line of
 * their own, compute, the free allowance) and the total, which is the bill; with the
 * headline figures the Overview shows of it.
 */
final class CostLines {

	/** The team of what no application carries. */
	static final String UNALLOCATED = "(unallocated)";

	private static final List<String> USER_TYPES = List.of("full-platform", "core", "basic");

	private static final List<String> COMPUTE_TYPES = List.of("core", "advanced");

	private final CostPrices prices;

	private final List<Line> lines = new ArrayList<>();

	private final List<Figure> figures = new ArrayList<>();

	private final Map<String, BigDecimal> teamGigabytes = new LinkedHashMap<>();

	private BigDecimal total = BigDecimal.ZERO;

	private BigDecimal cost;

	private CostLines(CostPrices prices) {
		this.prices = prices;
	}

	/**
	 * The table of the month's {@code rows}, in their order (teams, those without one
	 * last, then the unallocated).
	 * @param accountName an account's name by id
	 */
	static CostLines of(List<CostRow> rows, String groupBy, UserRule users, BilledMonth billed, CostPrices prices,
			Function<Long, String> accountName) {
		CostLines table = new CostLines(prices);
		Map<String, List<CostRow>> teams = new LinkedHashMap<>();
		for (CostRow row : rows) {
			teams.computeIfAbsent(team(row, groupBy), key -> new ArrayList<>()).add(row);
			table.total = table.total.add(Money.decimal(row.gigabytes()));
		}
		Map<String, List<Line>> userShares = table.userShares(teams, users, billed);
		teams.forEach((team, its) -> table.team(team, its, userShares.getOrDefault(team, List.of()), accountName));
		if (userShares.isEmpty()) {
			table.ownUserLines(billed);
		}
		table.computeLines(billed);
		table.allowanceAndTotal(billed);
		return table;
	}

	/** A row's team as the table names it. */
	static String team(CostRow row, String groupBy) {
		if (row.unallocated()) {
			return UNALLOCATED;
		}
		return row.team() != null ? row.team() : noTag(groupBy);
	}

	static String noTag(String groupBy) {
		return "(no " + (groupBy == null ? "team" : groupBy) + " tag)";
	}

	List<Line> lines() {
		return lines;
	}

	List<Figure> figures() {
		return figures;
	}

	/** Each team's gigabytes of the month, the unallocated among them. */
	Map<String, BigDecimal> teamGigabytes() {
		return teamGigabytes;
	}

	/** The month's gigabytes, every account's, before the free allowance. */
	BigDecimal total() {
		return total;
	}

	private void team(String team, List<CostRow> rows, List<Line> userShares, Function<Long, String> accountName) {
		BigDecimal gigabytes = BigDecimal.ZERO;
		BigDecimal teamCost = null;
		for (CostRow row : rows) {
			BigDecimal quantity = Money.decimal(row.gigabytes());
			Line line = new Line(Level.ITEM, team, row.accountId(), accountName.apply(row.accountId()),
					row.application(), row.usageMetric(), quantity, CostReport.GB, share(quantity),
					Money.decimal(row.estimatedGigabytes()), prices.gigabytes(quantity));
			add(line);
			gigabytes = gigabytes.add(quantity);
			teamCost = Money.plus(teamCost, line.cost());
		}
		for (Line share : userShares) {
			add(share);
			teamCost = Money.plus(teamCost, share.cost());
		}
		teamGigabytes.put(team, gigabytes);
		lines.add(new Line(Level.SUBTOTAL, team, null, null, null, "Total of " + team, gigabytes, CostReport.GB,
				share(gigabytes), null, teamCost));
	}

	/**
	 * Each team's share of the users, where the rule splits them and some team has
	 * gigabytes allocated: the count and the cost alike, which add up to the
	 * organisation's exactly.
	 */
	private Map<String, List<Line>> userShares(Map<String, List<CostRow>> teams, UserRule rule, BilledMonth billed) {
		Map<String, List<Line>> shares = new LinkedHashMap<>();
		Map<String, BigDecimal> weights = new LinkedHashMap<>();
		teams.forEach((team, rows) -> {
			if (!UNALLOCATED.equals(team)) {
				weights.put(team,
						rows.stream()
							.map(row -> Money.decimal(row.gigabytes()))
							.reduce(BigDecimal.ZERO, BigDecimal::add));
			}
		});
		if (rule == UserRule.OWN_LINE || weights.isEmpty()) {
			return shares;
		}
		if (rule == UserRule.EVEN) {
			weights.replaceAll((team, weight) -> BigDecimal.ONE);
		}
		String how = rule == UserRule.EVEN ? " (even share)" : " (share by ingest)";
		for (String type : ordered(billed.users(), USER_TYPES)) {
			BigDecimal count = Money.decimal(billed.users().get(type));
			BigDecimal whole = prices.user(type, count);
			Map<String, BigDecimal> counts = CostSplit.byShare(count, weights);
			Map<String, BigDecimal> costs = whole == null ? Map.of() : CostSplit.byShare(whole, weights);
			counts.forEach((team, part) -> shares.computeIfAbsent(team, key -> new ArrayList<>())
				.add(new Line(Level.ITEM, team, null, null, null, type + " users" + how, part, "users", null, null,
						costs.get(team))));
			figures.add(new Figure(capitalised(type) + " users", count, "users", whole));
		}
		return shares;
	}

	private void ownUserLines(BilledMonth billed) {
		for (String type : ordered(billed.users(), USER_TYPES)) {
			BigDecimal count = Money.decimal(billed.users().get(type));
			Line line = new Line(Level.ITEM, null, null, null, null, type + " users", count, "users", null, null,
					prices.user(type, count));
			add(line);
			figures.add(new Figure(capitalised(type) + " users", count, "users", line.cost()));
		}
	}

	private void computeLines(BilledMonth billed) {
		for (String type : ordered(billed.computeUnits(), COMPUTE_TYPES)) {
			BigDecimal count = Money.decimal(billed.computeUnits().get(type));
			Line line = new Line(Level.ITEM, null, null, null, null, type + " compute units", count, "CCU", null, null,
					prices.computeUnit(type, count));
			add(line);
			figures.add(new Figure(capitalised(type) + " compute units", count, "CCU", line.cost()));
		}
	}

	/**
	 * The free allowance's line, which takes the month's gigabytes down to those billed,
	 * and the total; the headline's ingest figures go before the users'.
	 */
	private void allowanceAndTotal(BilledMonth billed) {
		List<Figure> ingest = new ArrayList<>();
		ingest.add(new Figure("Ingest", total, CostReport.GB, prices.gigabytes(total)));
		BigDecimal billable = total;
		if (prices.freeGigabytes() != null) {
			BigDecimal allowance = Money.freeAllowance(total, prices.freeGigabytes());
			billable = total.add(allowance);
			Line line = new Line(Level.ITEM, null, null, null, null, "free allowance", allowance, CostReport.GB, null,
					null, prices.gigabytes(allowance));
			add(line);
			ingest.add(new Figure(
					"Free allowance (" + prices.freeGigabytes().stripTrailingZeros().toPlainString() + " GB)",
					allowance, CostReport.GB, line.cost()));
			ingest.add(new Figure("Billable ingest", billable, CostReport.GB, prices.gigabytes(billable)));
		}
		figures.addAll(0, ingest);
		lines.add(new Line(Level.TOTAL, null, null, null, null, "Total", billable, CostReport.GB, null, null, cost));
		if (cost != null) {
			figures.add(new Figure("Total", null, null, cost));
		}
	}

	private void add(Line line) {
		lines.add(line);
		cost = Money.plus(cost, line.cost());
	}

	private BigDecimal share(BigDecimal gigabytes) {
		return total.signum() == 0 ? null : gigabytes.divide(total, MathContext.DECIMAL64);
	}

	/** The types the vendor answered, the known ones in their usual order first. */
	private static List<String> ordered(Map<String, Double> answered, List<String> usual) {
		return answered.keySet()
			.stream()
			.filter(type -> answered.get(type) != null)
			.sorted(Comparator.comparing((String type) -> usual.contains(type) ? usual.indexOf(type) : usual.size())
				.thenComparing(Comparator.naturalOrder()))
			.toList();
	}

	private static String capitalised(String type) {
		return type.isEmpty() ? type : Character.toUpperCase(type.charAt(0)) + type.substring(1);
	}

}
