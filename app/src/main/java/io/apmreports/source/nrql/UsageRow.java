package io.apmreports.source.nrql;

import java.time.YearMonth;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One row of a usage query's answer, read in whichever shape the service wrote it: a
 * facet by its attribute's name or by position in the {@code facet} member (a list, or
 * the value itself for one facet); a number by its alias, else by the function's own
 * column name ({@code latest.freeLimit}), as an integer or a decimal. A value that is not
 * what the query asked for is refused with an {@link IllegalArgumentException}, so that
 * no wrong figure reaches a bill.
 *
 * @param members the row as answered
 * @param facets the query's FACET attributes, in order
 */
record UsageRow(Map<String, Object> members, List<String> facets) {

	/**
	 * The texts {@code monthOf(timestamp)} is seen to answer: {@code November 2026}, and
	 * the ISO {@code 2026-11}.
	 */
	private static final List<DateTimeFormatter> MONTHS = List.of(
			new DateTimeFormatterBuilder().parseCaseInsensitive()
				.appendPattern("MMMM uuuu")
				.toFormatter(Locale.ENGLISH),
			new DateTimeFormatterBuilder().parseCaseInsensitive().appendPattern("MMM uuuu").toFormatter(Locale.ENGLISH),
			DateTimeFormatter.ofPattern("uuuu-MM"));

	/** A facet's value as text, or {@code null} when the row has none for it. */
	String facet(String attribute) {
		Object value = members.containsKey(attribute) ? members.get(attribute) : positional(facets.indexOf(attribute));
		if (value == null) {
			return null;
		}
		return value instanceof Number number && number.doubleValue() == number.longValue()
				? Long.toString(number.longValue()) : value.toString();
	}

	/** A facet that must be there. */
	String requiredFacet(String attribute) {
		String value = facet(attribute);
		if (value == null || value.isBlank()) {
			throw new IllegalArgumentException("a row has no " + attribute);
		}
		return value;
	}

	/** An account id facet. */
	long account(String attribute) {
		return Entity.id(requiredFacet(attribute));
	}

	/** A {@code monthOf(...)} facet. */
	YearMonth month(String attribute) {
		String text = requiredFacet(attribute).strip();
		for (DateTimeFormatter format : MONTHS) {
			try {
				return YearMonth.parse(text, format);
			}
			catch (DateTimeParseException ex) {
				// the next shape
			}
		}
		throw new IllegalArgumentException(attribute + " " + text + " is not a month");
	}

	private Object positional(int position) {
		if (position < 0) {
			return null;
		}
		Object facet = members.get("facet");
		if (facet instanceof List<?> list) {
			return position < list.size() ? list.get(position) : null;
		}
		return position == 0 && facets.size() == 1 ? facet : null;
	}

	/**
	 * The number under the first of {@code names} the row has, or {@code null} when it
	 * has none of them, or none there.
	 * @throws IllegalArgumentException when it is not a finite, non-negative number
	 */
	Double number(String... names) {
		for (String name : names) {
			if (members.get(name) != null) {
				return measured(name, members.get(name));
			}
		}
		return null;
	}

	private static double measured(String name, Object value) {
		if (!(value instanceof Number number)) {
			throw new IllegalArgumentException(name + " is not a number");
		}
		double measured = number.doubleValue();
		if (!Double.isFinite(measured) || measured < 0 || measured > FacetRow.ABSURD) {
			throw new IllegalArgumentException(name + " is " + measured);
		}
		return measured;
	}

}
