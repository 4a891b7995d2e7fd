package io.apmreports.report;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * Where one headline figure was heading: its value over the last periods up to the run's
 * own, which is the last point, and what was usual in the periods before it.
 *
 * @param period what one period is called: "week", "month", "day" or "period"
 * @param points the periods' values, oldest first, the run's own last; a period not kept
 * has none (a gap, never 0)
 * @param usual the median and spread of the periods before the run's own
 */
public record Course(String period, List<Double> points, Usual usual) {

	public Course {
		// a period not kept is a null, which List.copyOf refuses
		points = Collections.unmodifiableList(new ArrayList<>(points));
	}

	/** The run's own value: the last point. */
	public Double own() {
		return points.isEmpty() ? null : points.get(points.size() - 1);
	}

	/** How many of the points have a value. */
	public long kept() {
		return points.stream().filter(Objects::nonNull).count();
	}

	/** The lowest point, or {@code null} with none. */
	public Double lowest() {
		return points.stream().filter(Objects::nonNull).min(Double::compare).orElse(null);
	}

	/** The highest point, or {@code null} with none. */
	public Double highest() {
		return points.stream().filter(Objects::nonNull).max(Double::compare).orElse(null);
	}

}
