package io.apmreports.formula;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;
import java.util.Map;

/**
 * The cost report's arithmetic of quantities and prices, in {@link BigDecimal} so that
 * every cost cell is exactly its quantity times the price given and the lines add up to
 * the bill. No price means no cost: never a cost of 0, which would pretend to be the
 * contract.
 */
public final class Money {

	private Money() {
	}

	/** A figure of the usage events as the exact decimal it prints as. */
	public static BigDecimal decimal(double value) {
		return BigDecimal.valueOf(value);
	}

	/** A figure that may be absent, as {@link #decimal(double)}. */
	public static BigDecimal decimal(Double value) {
		return value == null ? null : decimal(value.doubleValue());
	}

	/**
	 * The cost of {@code quantity} at {@code price}; {@code null} where either is absent.
	 */
	public static BigDecimal cost(BigDecimal quantity, BigDecimal price) {
		return quantity == null || price == null ? null : quantity.multiply(price);
	}

	/**
	 * The gigabytes billed: the month's gigabytes rounded down to a whole one, as the
	 * vendor counts them, less the free allowance, never below 0.
	 */
	public static BigDecimal billableGigabytes(BigDecimal totalGigabytes, BigDecimal freeGigabytes) {
		BigDecimal billable = totalGigabytes.setScale(0, RoundingMode.FLOOR).subtract(freeGigabytes);
		return billable.signum() < 0 ? BigDecimal.ZERO : billable;
	}

	/**
	 * The free allowance as a line of its own under the month's gigabytes: what takes
	 * their total down to the gigabytes billed, so 0 or less.
	 */
	public static BigDecimal freeAllowance(BigDecimal totalGigabytes, BigDecimal freeGigabytes) {
		return billableGigabytes(totalGigabytes, freeGigabytes).subtract(totalGigabytes);
	}

	/**
	 * The price of a gigabyte in the account's region ({@code us}, {@code eu}) among the
	 * contract's prices for its data option, which are given by region; {@code null}
	 * where the contract gives none for that region.
	 */
	public static BigDecimal pricePerGigabyte(Map<String, BigDecimal> byRegion, String region) {
		return byRegion == null || region == null ? null : byRegion.get(region.toLowerCase(Locale.ROOT));
	}

	/** A sum that stays absent while every term is: no 0 for costs never given. */
	public static BigDecimal plus(BigDecimal sum, BigDecimal term) {
		if (term == null) {
			return sum;
		}
		return sum == null ? term : sum.add(term);
	}

}
