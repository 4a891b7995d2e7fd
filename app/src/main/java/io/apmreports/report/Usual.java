package io.apmreports.report;

import java.util.List;
import java.util.Objects;

/**
 * What was usual for a figure before the run's own period: the median of the periods kept
 * of those asked for, and their spread, lowest to highest. With fewer than
 * {@value #LEAST} periods kept there is no median, since two weeks make no "usual".
 *
 * @param period what one period is called: "week", "month", "day" or "period"
 * @param median the median of the kept periods, or {@code null} with fewer than
 * {@value #LEAST}
 * @param low the lowest of them, or {@code null} with no median
 * @param high the highest of them, or {@code null} with no median
 * @param kept how many of the periods asked for have the figure kept
 * @param asked how many periods before the run's own were asked for (12)
 */
public record Usual(String period, Double median, Double low, Double high, int kept, int asked) {

	/** The fewest kept periods a median is told of. */
	public static final int LEAST = 3;

	/**
	 * The usual of the earlier periods' values, oldest first; {@code null} is not kept.
	 */
	public static Usual of(String period, List<Double> earlier) {
		List<Double> kept = earlier.stream().filter(Objects::nonNull).sorted().toList();
		if (kept.size() < LEAST) {
			return new Usual(period, null, null, null, kept.size(), earlier.size());
		}
		int middle = kept.size() / 2;
		double median = kept.size() % 2 == 1 ? kept.get(middle) : (kept.get(middle - 1) + kept.get(middle)) / 2;
		return new Usual(period, median, kept.get(0), kept.get(kept.size() - 1), kept.size(), earlier.size());
	}

	/** Whether enough periods were kept to tell a median and spread. */
	public boolean told() {
		return median != null;
	}

	/**
	 * Whether {@code value} lies within the spread (bounds included); {@code null} where
	 * there is no spread or no value.
	 */
	public Boolean holds(Double value) {
		if (!told() || value == null) {
			return null;
		}
		return value >= low && value <= high;
	}

}
