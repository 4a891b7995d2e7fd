package io.apmreports.formula;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Currency;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The teams whose month changed most against the previous month, in words a controller
 * reads on the Overview: "checkout rose 12.4 GB (+$3.72) to 110.2 GB, the largest rise".
 * Ranked by the change in cost, or in gigabytes without a price (the same order, as one
 * price applies to every gigabyte).
 */
public final class CostMovers {

	private CostMovers() {
	}

	/**
	 * One team's change.
	 *
	 * @param team the team
	 * @param before its gigabytes in the previous month
	 * @param now its gigabytes in the month
	 * @param costChange the change in cost, or {@code null} without a price
	 */
	public record Mover(String team, BigDecimal before, BigDecimal now, BigDecimal costChange) {

		public BigDecimal change() {
			return now.subtract(before);
		}

	}

	/**
	 * The {@code count} teams that changed most, largest change first; a team missing
	 * from one month had none in it. None when the previous month is unknown
	 * ({@code before} is {@code null}): nothing is said of a change not known.
	 * @param pricePerGigabyte the price of a gigabyte, or {@code null}
	 */
	public static List<Mover> rank(Map<String, BigDecimal> now, Map<String, BigDecimal> before,
			BigDecimal pricePerGigabyte, int count) {
		if (before == null) {
			return List.of();
		}
		Set<String> teams = new LinkedHashSet<>(now.keySet());
		teams.addAll(before.keySet());
		List<Mover> movers = new ArrayList<>();
		for (String team : teams) {
			BigDecimal was = before.getOrDefault(team, BigDecimal.ZERO);
			BigDecimal is = now.getOrDefault(team, BigDecimal.ZERO);
			if (is.compareTo(was) != 0) {
				movers.add(new Mover(team, was, is, Money.cost(is.subtract(was), pricePerGigabyte)));
			}
		}
		movers.sort(Comparator.comparing((Mover mover) -> mover.change().abs()).reversed());
		return List.copyOf(movers.subList(0, Math.min(count, movers.size())));
	}

	/**
	 * The movers in words, the first rise and the first fall named as the largest.
	 * @param currency the prices' currency (ISO 4217), or {@code null} without prices
	 */
	public static List<String> words(List<Mover> movers, String currency) {
		List<String> words = new ArrayList<>();
		boolean riseNamed = false;
		boolean fallNamed = false;
		for (Mover mover : movers) {
			boolean rise = mover.change().signum() > 0;
			StringBuilder text = new StringBuilder(mover.team()).append(rise ? " rose " : " fell ")
				.append(gigabytes(mover.change().abs()));
			if (mover.costChange() != null && currency != null) {
				text.append(" (").append(money(mover.costChange(), currency, true)).append(")");
			}
			text.append(" to ").append(gigabytes(mover.now()));
			if (rise && !riseNamed) {
				text.append(", the largest rise");
				riseNamed = true;
			}
			else if (!rise && !fallNamed) {
				text.append(", the largest fall");
				fallNamed = true;
			}
			words.add(text.toString());
		}
		return words;
	}

	/** Gigabytes to a tenth, as the Overview says them: "110.2 GB". */
	public static String gigabytes(BigDecimal value) {
		return String.format(Locale.ENGLISH, "%,.1f GB", value.setScale(1, RoundingMode.HALF_UP));
	}

	/**
	 * An amount to the cent with its currency's symbol ("$3.72", "€3.72"), or its code
	 * where it has none; signed when asked ("+$3.72", "-$0.93").
	 */
	public static String money(BigDecimal value, String currency, boolean signed) {
		String symbol = symbol(currency);
		String amount = String.format(Locale.ENGLISH, "%,.2f", value.abs().setScale(2, RoundingMode.HALF_UP));
		String sign = value.signum() < 0 ? "-" : signed ? "+" : "";
		return sign + (symbol.length() == 1 ? symbol + amount : symbol + " " + amount);
	}

	private static String symbol(String currency) {
		try {
			return Currency.getInstance(currency).getSymbol(Locale.US);
		}
		catch (IllegalArgumentException ex) {
			// a code the JDK does not know is still the contract's: written as given
			return currency;
		}
	}

}
