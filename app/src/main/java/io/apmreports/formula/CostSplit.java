package io.apmreports.formula;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Splits an organisation's amount (its users, their cost) across teams, so that the parts
 * add up to the amount exactly: each part is rounded to {@value #DIGITS} significant
 * digits, and the last takes what the others leave, so no fraction of a cent is lost or
 * made in rounding.
 */
public final class CostSplit {

	/** Digits each share and part keeps; far beyond a cent of any bill. */
	static final int DIGITS = 20;

	private static final MathContext CONTEXT = new MathContext(DIGITS);

	private CostSplit() {
	}

	/** {@code amount} in equal parts, one per key, in the keys' order. */
	public static <K> Map<K, BigDecimal> even(BigDecimal amount, List<K> keys) {
		Map<K, BigDecimal> weights = new LinkedHashMap<>();
		keys.forEach(key -> weights.put(key, BigDecimal.ONE));
		return byShare(amount, weights);
	}

	/**
	 * Each key's share of the weights' total (its allocated gigabytes of all the teams'),
	 * in the weights' order; the shares add up to 1 exactly. None for weights that add up
	 * to nothing.
	 */
	public static <K> Map<K, BigDecimal> shares(Map<K, BigDecimal> weights) {
		BigDecimal total = weights.values().stream().reduce(BigDecimal.ZERO, BigDecimal::add);
		Map<K, BigDecimal> shares = new LinkedHashMap<>();
		if (total.signum() == 0) {
			return shares;
		}
		weights.forEach((key, weight) -> shares.put(key, weight.divide(total, CONTEXT)));
		return lastTakesTheRest(BigDecimal.ONE, shares);
	}

	/**
	 * {@code amount} split by each key's share of the weights; the parts add up to
	 * {@code amount} exactly. None for weights that add up to nothing.
	 */
	public static <K> Map<K, BigDecimal> byShare(BigDecimal amount, Map<K, BigDecimal> weights) {
		BigDecimal total = weights.values().stream().reduce(BigDecimal.ZERO, BigDecimal::add);
		Map<K, BigDecimal> parts = new LinkedHashMap<>();
		if (total.signum() == 0) {
			return parts;
		}
		// the amount times the weight first, then divided: a third of 3 users is 1, where
		// 3 times a rounded third is not
		weights.forEach((key, weight) -> parts.put(key, amount.multiply(weight).divide(total, CONTEXT)));
		return lastTakesTheRest(amount, parts);
	}

	private static <K> Map<K, BigDecimal> lastTakesTheRest(BigDecimal whole, Map<K, BigDecimal> parts) {
		List<K> keys = new ArrayList<>(parts.keySet());
		K last = keys.get(keys.size() - 1);
		BigDecimal others = BigDecimal.ZERO;
		for (K key : keys.subList(0, keys.size() - 1)) {
			others = others.add(parts.get(key));
		}
		parts.put(last, whole.subtract(others));
		return parts;
	}

}
