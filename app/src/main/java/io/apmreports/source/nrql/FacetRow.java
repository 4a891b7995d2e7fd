package io.apmreports.source.nrql;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One row of a faceted answer: the application it is about, its other facet values, and
 * its aggregates, read by alias. A value that is not what the query asked for (not a
 * number, negative, not finite, absurdly large) is refused with an
 * {@link IllegalArgumentException}, so that no wrong number reaches a report.
 *
 * @param applicationId the row's {@code appId}
 * @param facets every facet value, in the query's FACET order, as text
 * @param members the row as answered
 */
record FacetRow(long applicationId, List<String> facets, Map<String, Object> members) {

	/**
	 * Far beyond any real time, count or rate: a value this large is a broken answer, not
	 * a slow week.
	 */
	static final double ABSURD = 1e15;

	/**
	 * A row of a query faceted by {@code attributes}, the first of which is
	 * {@code appId}. Each facet is read by its attribute's name, else from the
	 * {@code facet} member.
	 * @throws IllegalArgumentException when a facet is missing or the id is no number
	 */
	static FacetRow read(Map<String, Object> row, List<String> attributes) {
		Object facet = row.get("facet");
		String[] values = new String[attributes.size()];
		for (int i = 0; i < attributes.size(); i++) {
			Object value = row.containsKey(attributes.get(i)) ? row.get(attributes.get(i)) : positional(facet, i);
			if (value == null) {
				throw new IllegalArgumentException("a row has no " + attributes.get(i));
			}
			values[i] = value instanceof Number number && number.doubleValue() == number.longValue()
					? Long.toString(number.longValue()) : value.toString();
		}
		Long id = Entity.id(values[0]);
		return new FacetRow(id, List.of(values), row);
	}

	private static Object positional(Object facet, int position) {
		if (facet instanceof List<?> list) {
			return position < list.size() ? list.get(position) : null;
		}
		return position == 0 ? facet : null;
	}

	/** The facet value at {@code position} (0 is the application id). */
	String facet(int position) {
		return facets.get(position);
	}

	/** An aggregate, or {@code null} when the row has none by that alias. */
	Double number(String alias) {
		return measurement(alias, members.get(alias));
	}

	/**
	 * The members of an aggregate that answers several numbers ({@code apdex}) found in
	 * the row, by member name, in whichever shape the service wrote them: an object under
	 * the alias ({@code "apdex": {"score": ..}}), columns named {@code alias.member}
	 * ({@code "apdex.score"}), or the members themselves beside the row's other columns
	 * ({@code "score"}). The last is read only when the row has neither of the others,
	 * and only when it has a member other than {@code count}, which alone could be any
	 * count: no query that puts such an aggregate in a row names another column after one
	 * of its members. A member the row does not have is left out.
	 * @throws IllegalArgumentException when a member is not a number, or the alias holds
	 * something other than an object
	 */
	Map<String, Double> members(String alias, List<String> names) {
		Map<String, Double> found = new LinkedHashMap<>();
		if (members.containsKey(alias)) {
			Object value = members.get(alias);
			if (value != null && !(value instanceof Map<?, ?>)) {
				throw new IllegalArgumentException(alias + " is not an object");
			}
			Map<?, ?> object = value == null ? Map.of() : (Map<?, ?>) value;
			names.forEach(name -> putMeasured(found, name, alias + "." + name, object.get(name)));
		}
		else if (names.stream().anyMatch(name -> members.containsKey(alias + "." + name))) {
			names.forEach(name -> putMeasured(found, name, alias + "." + name, members.get(alias + "." + name)));
		}
		else if (names.stream().anyMatch(name -> !name.equals("count") && members.containsKey(name))) {
			names.forEach(name -> putMeasured(found, name, alias + "." + name, members.get(name)));
		}
		return found;
	}

	private static void putMeasured(Map<String, Double> found, String name, String described, Object value) {
		Double measured = measurement(described, value);
		if (measured != null) {
			found.put(name, measured);
		}
	}

	/**
	 * A bucket's bound in epoch seconds ({@code beginTimeSeconds},
	 * {@code endTimeSeconds}).
	 */
	long seconds(String member) {
		Object value = members.get(member);
		if (!(value instanceof Number number)) {
			throw new IllegalArgumentException("a row has no " + member);
		}
		return number.longValue();
	}

	private static Double measurement(String name, Object value) {
		if (value == null) {
			return null;
		}
		if (!(value instanceof Number number)) {
			throw new IllegalArgumentException("value " + name + " is not a number");
		}
		double measured = number.doubleValue();
		if (!Double.isFinite(measured) || measured < 0 || measured > ABSURD) {
			throw new IllegalArgumentException("value " + name + " is " + measured);
		}
		return measured;
	}

}
