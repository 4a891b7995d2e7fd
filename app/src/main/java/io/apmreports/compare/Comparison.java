package io.apmreports.compare;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * The values of both sources, compared one by one: two numbers agree when they differ by
 * at most {@code tolerance} of the larger; an absent value agrees only with an absent
 * one; text must be equal.
 */
public final class Comparison {

	private final double tolerance;

	private final List<Difference> differences = new ArrayList<>();

	private final Set<Long> applications = new LinkedHashSet<>();

	private long compared;

	public Comparison(double tolerance) {
		if (!(tolerance >= 0)) {
			throw new IllegalArgumentException("a tolerance is a number of at least 0");
		}
		this.tolerance = tolerance;
	}

	/** Compares two figures of an application. */
	void figure(long applicationId, String name, String what, Double rest, Double nrql) {
		applications.add(applicationId);
		compared++;
		if (!agree(rest, nrql, tolerance)) {
			differences.add(new Difference(applicationId, name, what, text(rest), text(nrql)));
		}
	}

	/** Compares two texts of an application: a status, a name, a count. */
	void text(long applicationId, String name, String what, Object rest, Object nrql) {
		applications.add(applicationId);
		compared++;
		if (!Objects.equals(rest, nrql)) {
			differences.add(new Difference(applicationId, name, what, rest == null ? "empty" : rest.toString(),
					nrql == null ? "empty" : nrql.toString()));
		}
	}

	static boolean agree(Double rest, Double nrql, double tolerance) {
		if (rest == null || nrql == null) {
			return rest == null && nrql == null;
		}
		return Math.abs(rest - nrql) <= tolerance * Math.max(Math.abs(rest), Math.abs(nrql));
	}

	private static String text(Double value) {
		// every digit the value has: two values a hair apart must not print the same
		return value == null ? "empty" : BigDecimal.valueOf(value).toPlainString();
	}

	public List<Difference> differences() {
		return Collections.unmodifiableList(differences);
	}

	public long compared() {
		return compared;
	}

	public double tolerance() {
		return tolerance;
	}

	/** Whether both sources gave the same figures. */
	public boolean same() {
		return differences.isEmpty();
	}

	/** One line a user decides on. */
	public String verdict() {
		long affected = differences.stream().mapToLong(Difference::applicationId).distinct().count();
		return same()
				? "Same figures from both sources: " + count(compared, "value") + " of "
						+ count(applications.size(), "application") + " agree within " + percent(tolerance) + "."
				: "Different figures: " + String.format(Locale.ROOT, "%,d", differences.size()) + " of "
						+ count(compared, "value") + ", in " + count(affected, "application") + ", differ by more than "
						+ percent(tolerance) + "; look into them before switching.";
	}

	private static String count(long count, String noun) {
		return String.format(Locale.ROOT, "%,d %s%s", count, noun, count == 1 ? "" : "s");
	}

	private static String percent(double share) {
		return BigDecimal.valueOf(share).movePointRight(2).stripTrailingZeros().toPlainString() + "%";
	}

}
