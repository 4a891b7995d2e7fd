package io.apmreports.report;

import java.math.BigDecimal;
import java.util.Map;

import io.apmreports.definition.CostSettings;
import io.apmreports.formula.Money;
import io.apmreports.source.BilledMonth;

/**
 * The prices a cost report applies: the definition's, the price of a gigabyte in the
 * process's region, and the free allowance (the contract's, else the vendor's own
 * {@code freeLimit}). Without prices every price is absent and so is every cost.
 *
 * @param currency the currency, or {@code null} without prices
 * @param perGigabyte the price of a gigabyte in the region, or {@code null}
 * @param freeGigabytes the free allowance, or {@code null} where neither says it
 * @param perUser the price of a user by type
 * @param perComputeUnit the price of a compute unit by type
 */
record CostPrices(String currency, BigDecimal perGigabyte, BigDecimal freeGigabytes, Map<String, BigDecimal> perUser,
		Map<String, BigDecimal> perComputeUnit) {

	static CostPrices of(CostSettings.Prices prices, String region, BilledMonth billed) {
		BigDecimal vendorFree = Money.decimal(billed.freeLimitGigabytes());
		if (prices == null) {
			return new CostPrices(null, null, vendorFree, Map.of(), Map.of());
		}
		return new CostPrices(prices.currency(), Money.pricePerGigabyte(prices.perGigabyte(), region),
				prices.freeGigabytes() != null ? prices.freeGigabytes() : vendorFree, prices.perUser(),
				prices.perComputeUnit());
	}

	BigDecimal gigabytes(BigDecimal quantity) {
		return Money.cost(quantity, perGigabyte);
	}

	BigDecimal user(String type, BigDecimal count) {
		return Money.cost(count, perUser.get(type));
	}

	BigDecimal computeUnit(String type, BigDecimal count) {
		return Money.cost(count, perComputeUnit.get(type));
	}

}
