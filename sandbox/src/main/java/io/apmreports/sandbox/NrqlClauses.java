package io.apmreports.sandbox;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Reads the clauses after {@code FROM Metric}, in any order, each at most once: WHERE,
 * FACET, SINCE, UNTIL, TIMESERIES and LIMIT.
 */
final class NrqlClauses {

	/** The attributes FACET may name. */
	static final Set<String> FACETS = NrqlCondition.ATTRIBUTES;

	private final NrqlTokens tokens;

	private final Set<String> seen = new HashSet<>();

	List<NrqlCondition> where = List.of();

	List<String> facets = List.of();

	NrqlQuery.Time since;

	NrqlQuery.Time until;

	long bucketMinutes;

	int limit;

	NrqlClauses(NrqlTokens tokens) {
		this.tokens = tokens;
	}

	void clause() {
		NrqlToken keyword = tokens.next();
		String name = keyword.upper();
		if (keyword.type() != NrqlToken.Type.WORD
				|| !Set.of("WHERE", "FACET", "SINCE", "UNTIL", "TIMESERIES", "LIMIT").contains(name)) {
			throw new NrqlException(
					"a clause (WHERE, FACET, SINCE, UNTIL, TIMESERIES, LIMIT) was expected, not " + keyword.describe());
		}
		if (!seen.add(name)) {
			throw new NrqlException(name + " is given twice (" + keyword.describe() + ")");
		}
		switch (name) {
			case "WHERE" -> where = conditions(tokens);
			case "FACET" -> facets = facets();
			case "SINCE" -> since = time();
			case "UNTIL" -> until = time();
			case "TIMESERIES" -> bucketMinutes = timeseries();
			default -> limit = limit(tokens);
		}
	}

	/** Conditions joined by AND; OR and NOT are refused. */
	static List<NrqlCondition> conditions(NrqlTokens tokens) {
		List<NrqlCondition> conditions = new ArrayList<>();
		do {
			conditions.add(condition(tokens));
		}
		while (tokens.acceptWord("AND"));
		if (tokens.peek().isWord("OR")) {
			throw new NrqlException("OR is not understood (" + tokens.peek().describe() + "); only AND");
		}
		return conditions;
	}

	private static NrqlCondition condition(NrqlTokens tokens) {
		NrqlToken attribute = tokens.next();
		if (attribute.type() != NrqlToken.Type.WORD || !NrqlCondition.ATTRIBUTES.contains(attribute.text())) {
			throw new NrqlException(
					"the attribute " + attribute.describe() + " is not understood in a condition; known: "
							+ NrqlCondition.ATTRIBUTES.stream().sorted().toList());
		}
		NrqlToken operator = tokens.next();
		if (operator.isSymbol("=")) {
			return new NrqlCondition(attribute.text(), NrqlCondition.Operator.EQUALS, List.of(literal(tokens)));
		}
		if (operator.isWord("IN")) {
			tokens.expectSymbol("(");
			List<String> values = new ArrayList<>();
			do {
				values.add(literal(tokens));
			}
			while (tokens.acceptSymbol(","));
			tokens.expectSymbol(")");
			return new NrqlCondition(attribute.text(), NrqlCondition.Operator.IN, values);
		}
		if (operator.isWord("LIKE")) {
			NrqlToken pattern = tokens.expect(NrqlToken.Type.STRING, "a quoted pattern after LIKE");
			return new NrqlCondition(attribute.text(), NrqlCondition.Operator.LIKE, List.of(pattern.text()));
		}
		throw new NrqlException("the operator " + operator.describe() + " is not understood; only =, IN and LIKE");
	}

	/** A quoted text, or a whole number without its leading zeros. */
	static String literal(NrqlTokens tokens) {
		NrqlToken value = tokens.next();
		if (value.type() == NrqlToken.Type.STRING) {
			return value.text();
		}
		if (value.type() == NrqlToken.Type.NUMBER && value.text().chars().allMatch(Character::isDigit)) {
			return value.text().replaceFirst("^0+(?=.)", "");
		}
		throw new NrqlException("a quoted text or a whole number was expected, not " + value.describe());
	}

	private List<String> facets() {
		List<String> names = new ArrayList<>();
		do {
			NrqlToken attribute = tokens.next();
			if (attribute.type() != NrqlToken.Type.WORD || !FACETS.contains(attribute.text())) {
				throw new NrqlException("the facet " + attribute.describe() + " is not understood; known: "
						+ FACETS.stream().sorted().toList());
			}
			if (names.contains(attribute.text())) {
				throw new NrqlException("the facet " + attribute.describe() + " is given twice");
			}
			names.add(attribute.text());
		}
		while (tokens.acceptSymbol(","));
		return NrqlClauses.atMostMaxFacets(names);
	}

	/** The facets, if the service takes that many: five at most. */
	static List<String> atMostMaxFacets(List<String> names) {
		if (names.size() > NrqlParser.MAX_FACETS) {
			throw new NrqlException(
					"FACET takes at most " + NrqlParser.MAX_FACETS + " attributes, not " + names.size());
		}
		return names;
	}

	/** Epoch milliseconds, or {@code n minutes ago} (also hours, days). */
	private NrqlQuery.Time time() {
		long number = tokens.wholeNumber("epoch milliseconds or a number of minutes");
		if (!isUnit(tokens.peek())) {
			return new NrqlQuery.Time(number, null);
		}
		long minutes = number * unitMinutes(tokens.next(), true);
		tokens.expectWord("AGO");
		return new NrqlQuery.Time(null, minutes);
	}

	private long timeseries() {
		if (tokens.acceptWord("MAX")) {
			return -1;
		}
		if (tokens.peek().type() != NrqlToken.Type.NUMBER) {
			throw new NrqlException(
					"TIMESERIES needs a bucket such as '30 minutes' or MAX, not " + tokens.peek().describe());
		}
		long amount = tokens.wholeNumber("the bucket length");
		long minutes = amount * unitMinutes(tokens.next(), false);
		if (minutes < 1) {
			throw new NrqlException("a TIMESERIES bucket must be at least 1 minute");
		}
		return minutes;
	}

	/**
	 * The number after LIMIT, -1 for MAX; the service refuses one beyond its facet limit,
	 * in every kind of query alike.
	 */
	static int limit(NrqlTokens tokens) {
		if (tokens.acceptWord("MAX")) {
			return -1;
		}
		long limit = tokens.wholeNumber("LIMIT's number or MAX");
		if (limit < 1 || limit > NerdGraphLimits.MAX_FACETS) {
			throw new NrqlException("LIMIT must be from 1 to " + NerdGraphLimits.MAX_FACETS + " or MAX, not " + limit);
		}
		return (int) limit;
	}

	private static boolean isUnit(NrqlToken token) {
		return Set.of("MINUTE", "MINUTES", "HOUR", "HOURS", "DAY", "DAYS").contains(token.upper());
	}

	/** Minutes in a unit word; days only where a time ago is read. */
	static long unitMinutes(NrqlToken unit, boolean daysToo) {
		return switch (unit.type() == NrqlToken.Type.WORD ? unit.text().toUpperCase(Locale.ROOT) : "") {
			case "MINUTE", "MINUTES" -> 1;
			case "HOUR", "HOURS" -> 60;
			case "DAY", "DAYS" -> {
				if (!daysToo) {
					throw new NrqlException(
							"the unit " + unit.describe() + " is not understood here; minutes or hours");
				}
				yield 1440;
			}
			default -> throw new NrqlException("a unit (minutes, hours) was expected, not " + unit.describe());
		};
	}

}
