package io.apmreports.definition;

import java.math.BigDecimal;
import java.util.Map;

/**
 * A cost report's {@code cost} settings: which account to ask the bill of, how that
 * account's own row is read, how users are charged, how long the events measured are
 * kept, and the contract's prices, if any.
 *
 * @param usageAccount the account whose usage events tell the organisation's bill (the
 * parent), or {@code null} for the first account the process reads
 * @param parentRow how the asked account's own row of the usage events is read
 * @param users how users, an organisation's cost, are shown or allocated
 * @param eventRetentionDays how many days back the events measured are still kept by the
 * vendor (8 for original data, 98 for Data Plus): older days cannot be measured any more;
 * {@code null} for the organisation's, the process's {@code report.event-retention-days}
 * @param prices the contract's prices, or {@code null} for a report of quantities alone
 */
public record CostSettings(Long usageAccount, ParentRow parentRow, UserRule users, Integer eventRetentionDays,
		Prices prices) {

	/** The settings of a definition that says none. */
	public static final CostSettings DEFAULT = new CostSettings(null, ParentRow.INCLUDES_CHILDREN, UserRule.OWN_LINE,
			null, null);

	/**
	 * How the asked account's own row of the usage events is read. The vendor's words: in
	 * a normal parent account, the parent's consumption "is the sum of data ingested
	 * directly to the parent account and data sent to any sub-accounts"; an
	 * organisation's administration account (POA) receives none and has no row.
	 */
	public enum ParentRow {

		/**
		 * The parent's row holds its children's ingest too: theirs is taken out of it.
		 */
		INCLUDES_CHILDREN,

		/** The parent's row holds its own ingest alone. */
		OWN

	}

	/** How users are charged. */
	public enum UserRule {

		/** A line of their own, beside the teams. */
		OWN_LINE,

		/** Split evenly across the teams. */
		EVEN,

		/** Split by each team's share of the allocated ingest. */
		BY_INGEST

	}

	/**
	 * The contract's prices.
	 *
	 * @param currency the currency of every price (ISO 4217, e.g. {@code USD})
	 * @param dataOption the data option the organisation is on ({@code original} or
	 * {@code data-plus}), whose per-gigabyte prices apply
	 * @param freeGigabytes the gigabytes a month free of charge
	 * @param perGigabyte the price of a gigabyte above the free allowance by region
	 * ({@code us}, {@code eu}), for the data option
	 * @param perUser the price of a billable user a month by type ({@code full-platform},
	 * {@code core}, {@code basic})
	 * @param perComputeUnit the price of a compute unit by type ({@code core},
	 * {@code advanced})
	 */
	public record Prices(String currency, String dataOption, BigDecimal freeGigabytes,
			Map<String, BigDecimal> perGigabyte, Map<String, BigDecimal> perUser,
			Map<String, BigDecimal> perComputeUnit) {

		public Prices {
			perGigabyte = Map.copyOf(perGigabyte);
			perUser = Map.copyOf(perUser);
			perComputeUnit = Map.copyOf(perComputeUnit);
		}

	}

}
