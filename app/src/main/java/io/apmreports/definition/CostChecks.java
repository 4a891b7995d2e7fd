package io.apmreports.definition;

import java.math.BigDecimal;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Currency;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import io.apmreports.definition.CostSettings.Prices;
import io.apmreports.range.RangeSpec;

/**
 * The checks of a report definition's {@code cost} block, and of what the cost and ingest
 * sections ask of the rest of it: months in UTC, as the vendor bills them, and NRQL, the
 * only source that reads the vendor's usage events.
 */
final class CostChecks {

	private static final Set<String> FIELDS = Set.of("usage-account", "parent-row", "users", "event-retention-days",
			"prices");

	/** What an ingest report, which measures and prices nothing, may say of the block. */
	private static final Set<String> INGEST_FIELDS = Set.of("usage-account", "event-retention-days");

	private static final Set<String> PRICE_FIELDS = Set.of("currency", "data-option", "free-gb", "per-gb", "per-user",
			"per-ccu");

	private static final List<String> DATA_OPTIONS = List.of("original", "data-plus");

	private static final Set<String> REGIONS = Set.of("us", "eu");

	private static final Set<String> USER_TYPES = Set.of("full-platform", "core", "basic");

	private static final Set<String> COMPUTE_TYPES = Set.of("core", "advanced");

	/**
	 * The vendor's free allowance: "You'll receive 100 GBs per month for free"; a
	 * contract may say otherwise, and {@code free-gb} says so.
	 */
	static final BigDecimal FREE_GIGABYTES = BigDecimal.valueOf(100);

	/**
	 * The longest retention a definition may name: Data Plus keeps APM events 98 days;
	 * beyond a year and a month no contract keeps them, and a typo (800) is caught.
	 */
	private static final int MAX_RETENTION_DAYS = 400;

	/**
	 * The largest price a unit may have: far above any contract's, in any currency, and
	 * low enough that a slip of the exponent ({@code 3e30}) is caught.
	 */
	private static final BigDecimal MAX_PRICE = new BigDecimal("1000000000");

	/** The most decimals a price may have, for the same reason. */
	private static final int MAX_DECIMALS = 10;

	private CostChecks() {
	}

	/**
	 * The definition's {@code cost} block, each field checked, the defaults for those
	 * left out; refused in a report that has neither the cost nor the ingest section.
	 */
	static CostSettings parse(Fields fields, Set<Section> sections) {
		if (!fields.has("cost")) {
			return CostSettings.DEFAULT;
		}
		boolean cost = sections.contains(Section.COST);
		if (!cost && !sections.contains(Section.INGEST)) {
			throw fields.invalid("cost", "goes with the cost section, which this report does not have: add cost to "
					+ "sections, or remove the block");
		}
		Fields block = fields.section("cost", FIELDS);
		if (!cost) {
			for (String field : block.names()) {
				if (!INGEST_FIELDS.contains(field)) {
					throw block.invalid(field, "is a setting of the cost section, and this report measures ingest "
							+ "alone: an ingest report may give usage-account and event-retention-days");
				}
			}
		}
		CostSettings d = CostSettings.DEFAULT;
		CostSettings.ParentRow parentRow = block.optionalConstant("parent-row", CostSettings.ParentRow.class);
		CostSettings.UserRule users = block.optionalConstant("users", CostSettings.UserRule.class);
		return new CostSettings(account(block), parentRow == null ? d.parentRow() : parentRow,
				users == null ? d.users() : users, retentionDays(block), prices(block));
	}

	private static Long account(Fields block) {
		BigDecimal id = block.optionalDecimal("usage-account", "1234567");
		if (id == null) {
			return null;
		}
		if (id.signum() <= 0 || id.stripTrailingZeros().scale() > 0
				|| id.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
			throw block.invalid("usage-account", "'" + id + "' is not an account id, a whole number such as 1234567");
		}
		return id.longValueExact();
	}

	/**
	 * The days given, or {@code null} for the organisation's (a setting of the process).
	 */
	private static Integer retentionDays(Fields block) {
		BigDecimal days = block.optionalDecimal("event-retention-days", "8");
		if (days == null) {
			return null;
		}
		if (days.stripTrailingZeros().scale() > 0 || days.compareTo(BigDecimal.ONE) < 0
				|| days.compareTo(BigDecimal.valueOf(MAX_RETENTION_DAYS)) > 0) {
			throw block.invalid("event-retention-days",
					"'" + days + "' is not a number of days from 1 to " + MAX_RETENTION_DAYS
							+ ": the vendor keeps APM events 8 days with the original data option, "
							+ "98 with Data Plus");
		}
		return days.intValueExact();
	}

	/** The contract's prices, or {@code null} for a report of quantities alone. */
	private static Prices prices(Fields block) {
		if (!block.has("prices")) {
			return null;
		}
		Fields prices = block.section("prices", PRICE_FIELDS);
		String currency = currency(prices);
		String option = prices.optionalText("data-option");
		String dataOption = option == null ? DATA_OPTIONS.get(0) : option.strip().toLowerCase(Locale.ROOT);
		if (!DATA_OPTIONS.contains(dataOption)) {
			throw prices.invalid("data-option", "'" + option + "' is not one of " + String.join(", ", DATA_OPTIONS));
		}
		return new Prices(currency, dataOption, freeGigabytes(prices), perGigabyte(prices, dataOption),
				priceList(prices, "per-user", USER_TYPES, "{full-platform: 349, core: 49}"),
				priceList(prices, "per-ccu", COMPUTE_TYPES, "{core: 0.10}"));
	}

	private static String currency(Fields prices) {
		String text = prices.optionalText("currency");
		if (text == null || text.isBlank()) {
			throw prices.invalid("currency",
					"is required with prices: the currency they are in, an ISO 4217 code " + "such as USD or EUR");
		}
		String code = text.strip().toUpperCase(Locale.ROOT);
		try {
			return Currency.getInstance(code).getCurrencyCode();
		}
		catch (IllegalArgumentException ex) {
			throw prices.invalid("currency", "'" + text + "' is not an ISO 4217 currency code, such as USD or EUR");
		}
	}

	private static BigDecimal freeGigabytes(Fields prices) {
		BigDecimal free = prices.optionalDecimal("free-gb", "100");
		if (free == null) {
			return FREE_GIGABYTES;
		}
		// the vendor rounds a month's gigabytes down to a whole number before taking the
		// allowance off: a fraction of one would never be reached
		if (free.signum() < 0 || free.stripTrailingZeros().scale() > 0 || free.compareTo(MAX_PRICE) > 0) {
			throw prices.invalid("free-gb", "'" + free + "' is not a whole number of GB from 0 up (the vendor's free "
					+ "allowance is 100 GB a month)");
		}
		return free.setScale(0);
	}

	/**
	 * The chosen data option's prices by region; the other option's, when given, are
	 * checked as well, so that a mistake in them is not found only on the day the
	 * organisation switches.
	 */
	private static Map<String, BigDecimal> perGigabyte(Fields prices, String dataOption) {
		if (!prices.has("per-gb")) {
			throw prices.invalid("per-gb", "is required with prices: the price of a GB above the free allowance, "
					+ "by data option and region, such as {" + dataOption + ": {us: 0.30, eu: 0.35}}");
		}
		Fields options = prices.section("per-gb", Set.copyOf(DATA_OPTIONS));
		Map<String, BigDecimal> chosen = null;
		for (String option : options.names()) {
			Map<String, BigDecimal> regions = priceList(options, option, REGIONS, "{us: 0.30, eu: 0.35}");
			if (regions.isEmpty()) {
				throw options.invalid(option, "must give the price of a GB in a region (us, eu), such as {us: 0.30}");
			}
			if (option.equals(dataOption)) {
				chosen = regions;
			}
		}
		if (chosen == null) {
			throw prices.invalid("per-gb",
					"has no prices for the data option '" + dataOption + "'"
							+ (prices.has("data-option") ? "" : " (the data option when data-option is left out)")
							+ ": give " + dataOption + ": {us: ..., eu: ...}");
		}
		return chosen;
	}

	/** A mapping of a unit's types to their prices, each a number from 0 up. */
	private static Map<String, BigDecimal> priceList(Fields fields, String field, Set<String> types, String example) {
		Map<String, BigDecimal> list = new LinkedHashMap<>();
		if (!fields.has(field)) {
			return list;
		}
		Fields given = fields.section(field, types);
		for (String type : given.names()) {
			BigDecimal price = given.optionalDecimal(type, "0.30");
			if (price == null) {
				throw given.invalid(type, "has no price: give a number, such as in " + example);
			}
			if (price.signum() < 0) {
				throw given.invalid(type, "'" + price.toPlainString() + "' is negative: a price is 0 or more");
			}
			if (price.compareTo(MAX_PRICE) > 0 || price.stripTrailingZeros().scale() > MAX_DECIMALS) {
				throw given.invalid(type, "'" + given.optionalText(type) + "' is no price: at most "
						+ MAX_PRICE.toPlainString() + ", with up to " + MAX_DECIMALS + " decimals");
			}
			list.put(type, price);
		}
		return list;
	}

	/**
	 * What the cost and ingest sections ask of the rest of the definition, each a line
	 * naming the field: one of them in a report, UTC, NRQL and the range each covers.
	 */
	static void checkSections(Fields fields, Set<Section> sections, RangeSpec range, ZoneId zone, SourceKind source) {
		Section section = costSection(sections);
		if (section == null) {
			return;
		}
		if (sections.contains(Section.COST) && sections.contains(Section.INGEST)) {
			throw fields.invalid("sections",
					"cost and ingest go in reports of their own: the cost report covers a "
							+ "billing month (range last-month), the ingest measurement a day (range last-day), as the "
							+ "shipped monthly-cost and daily-ingest do");
		}
		if (source == SourceKind.REST) {
			throw fields.invalid("source", "'rest' cannot read the " + name(section) + " section: the vendor's usage "
					+ "events and byte counts are asked through NRQL alone; write source: nrql");
		}
		String zoneRefusal = zoneRefusal(section, zone);
		if (zoneRefusal != null) {
			throw fields.invalid("time-zone", zoneRefusal + "; write time-zone: UTC");
		}
		String rangeRefusal = rangeRefusal(section, range);
		if (rangeRefusal != null) {
			throw fields.invalid("range", rangeRefusal);
		}
	}

	/**
	 * The cost or ingest section of a report, or {@code null} for a report of neither.
	 */
	static Section costSection(Set<Section> sections) {
		return sections.contains(Section.COST) ? Section.COST
				: sections.contains(Section.INGEST) ? Section.INGEST : null;
	}

	/**
	 * Why a cost or ingest report's days cannot start at midnight in {@code zone}, or
	 * {@code null} when they can.
	 */
	static String zoneRefusal(Section section, ZoneId zone) {
		if (zone.normalized().equals(ZoneOffset.UTC)) {
			return null;
		}
		return "'" + zone.getId() + "' will not do for the " + name(section) + " section: the vendor bills calendar "
				+ "months in UTC, so its " + (section == Section.COST ? "months" : "days") + " start at midnight UTC";
	}

	/** Why a cost or ingest report cannot cover {@code range}, or {@code null}. */
	static String rangeRefusal(Section section, RangeSpec range) {
		RangeSpec wanted = RangeSpec.parse(section == Section.COST ? "last-month" : "last-day").orElseThrow();
		if (range.equals(wanted)) {
			return null;
		}
		return "'" + range + "' will not do for the " + name(section) + " section: "
				+ (section == Section.COST ? "it covers a billing month, a calendar month; write range: last-month"
						: "it measures one day at a time, as the vendor advises for byte counts (it catches up the "
								+ "days it missed itself); write range: last-day");
	}

	private static String name(Section section) {
		return section.name().toLowerCase(Locale.ROOT);
	}

}
