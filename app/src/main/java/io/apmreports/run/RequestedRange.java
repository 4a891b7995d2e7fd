package io.apmreports.run;

import java.time.Clock;

import io.apmreports.definition.ReportDefinition;
import io.apmreports.range.TimeRange;

/**
 * The range a launch asks for: the definition's latest, one worked out already (a
 * schedule's fire), or one a user typed, which only the report's zone can read.
 */
public sealed interface RequestedRange {

	/** The range of {@code definition} this asks for, now by {@code clock}. */
	TimeRange in(ReportDefinition definition, Clock clock);

	/**
	 * Bounds as a user typed them ({@code --from}, {@code --to}): ISO 8601 with an
	 * offset, or a date in the report's zone; both {@code null} for the latest range.
	 */
	static RequestedRange typed(String from, String to) {
		return new Typed(from, to);
	}

	/** A range worked out already, taken as it is. */
	static RequestedRange of(TimeRange range) {
		return new Given(range);
	}

	/**
	 * A range worked out already.
	 *
	 * @param range the range
	 */
	record Given(TimeRange range) implements RequestedRange {

		@Override
		public TimeRange in(ReportDefinition definition, Clock clock) {
			return range;
		}

	}

	/**
	 * Bounds as typed, read in the report's zone, each checked to have happened.
	 *
	 * @param from the start, or {@code null} with {@code to} for the latest range
	 * @param to the end
	 */
	record Typed(String from, String to) implements RequestedRange {

		@Override
		public TimeRange in(ReportDefinition definition, Clock clock) {
			return definition.rangeFor(from, to, clock);
		}

	}

}
