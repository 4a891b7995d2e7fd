package io.apmreports.definition;

import java.time.Duration;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.util.Set;

import io.apmreports.range.InvalidRangeException;
import io.apmreports.range.RangeSpec;
import io.apmreports.range.TimeRange;

/**
 * What the service-levels section asks of the rest of a definition and of a run: whole
 * calendar months in the report's zone, as its attainment, budget and 12-month table are
 * told by month (the vendor's own objectives have rolling windows only).
 */
final class ServiceLevelChecks {

	private static final RangeSpec MONTH = RangeSpec.parse("last-month").orElseThrow();

	private ServiceLevelChecks() {
	}

	/** The definition's range, for a report with the section. */
	static void checkSections(Fields fields, Set<Section> sections, RangeSpec range) {
		if (sections.contains(Section.SERVICE_LEVELS)) {
			String refusal = rangeRefusal(range);
			if (refusal != null) {
				throw fields.invalid("range", refusal);
			}
		}
	}

	/** Why a service-level report cannot cover {@code range}, or {@code null}. */
	static String rangeRefusal(RangeSpec range) {
		if (range.equals(MONTH)) {
			return null;
		}
		return "'" + range + "' will not do for the service-levels section: it tells each calendar month's "
				+ "attainment and error budget; write range: last-month";
	}

	/**
	 * A range given for a run, if it is one calendar month in the report's zone.
	 * @throws InvalidRangeException naming the month meant
	 */
	static TimeRange month(TimeRange given, ZoneId zone) {
		ZonedDateTime from = given.from().atZoneSameInstant(zone);
		ZonedDateTime to = given.to().atZoneSameInstant(zone);
		// the month the range mostly covers, which a user who gave it most likely meant
		ZonedDateTime middle = from.plus(Duration.between(from, to).dividedBy(2));
		ZonedDateTime month = middle.truncatedTo(ChronoUnit.DAYS).withDayOfMonth(1);
		if (!from.isEqual(month) || !to.isEqual(month.plusMonths(1))) {
			throw new InvalidRangeException("a service-level report covers one calendar month in " + zone.getId()
					+ ": give --from=" + month.toLocalDate() + " --to=" + month.plusMonths(1).toLocalDate());
		}
		return given;
	}

}
