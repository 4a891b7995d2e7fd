package io.apmreports.sandbox;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Parses the subset of NRQL the sandbox answers over events ({@link EventQuery}):
 * {@code SELECT sum(a) | latest(a) | bytecountestimate() [AS alias], ... FROM T1, T2
 * [WHERE a = 'x' | a IN (...) [AND ...]] [FACET a, monthOf(timestamp), ...] [SINCE t]
 * [UNTIL t] [LIMIT n | MAX]}, the clauses in any order, times as epoch milliseconds,
 * {@code n minutes|hours|days|weeks|months ago} (a month being 30 days, as the vendor
 * defines it) or a quoted UTC date. Anything else is refused naming what was not
 * understood.
 */
final class EventQueryParser {

	private static final Set<String> CLAUSES = Set.of("WHERE", "FACET", "SINCE", "UNTIL", "LIMIT");

	private static final List<DateTimeFormatter> DATES = List.of(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss"),
			DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm"), DateTimeFormatter.ISO_LOCAL_DATE_TIME);

	private final NrqlTokens tokens;

	private final Set<String> seen = new HashSet<>();

	private List<NrqlCondition> where = List.of();

	private List<String> facets = List.of();

	private NrqlQuery.Time since;

	private NrqlQuery.Time until;

	private int limit;

	private EventQueryParser(List<NrqlToken> tokens) {
		this.tokens = new NrqlTokens(tokens);
	}

	/** Parses tokens in the order SELECT ... FROM ... clauses. */
	static EventQuery parse(List<NrqlToken> tokens) {
		return new EventQueryParser(tokens).query();
	}

	private EventQuery query() {
		tokens.expectWord("SELECT");
		List<EventQuery.Select> select = new ArrayList<>();
		do {
			select.add(select());
		}
		while (tokens.acceptSymbol(","));
		tokens.expectWord("FROM");
		List<String> eventTypes = new ArrayList<>();
		do {
			NrqlToken type = tokens.expect(NrqlToken.Type.WORD, "an event type");
			if (!UsageEvents.known(type.text())) {
				throw new NrqlException("the event type " + type.describe() + " is not understood; known: Metric, "
						+ UsageEvents.CONSUMPTION + ", " + UsageEvents.MONTH_TO_DATE + ", "
						+ String.join(", ", IngestCatalogue.eventTypeNames()));
			}
			eventTypes.add(type.text());
		}
		while (tokens.acceptSymbol(","));
		while (!tokens.atEnd()) {
			clause();
		}
		return new EventQuery(eventTypes, select, where, facets, since, until, limit);
	}

	private EventQuery.Select select() {
		NrqlToken name = tokens.expect(NrqlToken.Type.WORD, "a function");
		tokens.expectSymbol("(");
		EventQuery.Select select = switch (name.text()) {
			case "sum" -> read(EventQuery.Function.SUM, "sum");
			case "latest" -> read(EventQuery.Function.LATEST, "latest");
			case "bytecountestimate" ->
				new EventQuery.Select(EventQuery.Function.BYTE_COUNT_ESTIMATE, null, "bytecountestimate");
			default -> throw new NrqlException("the function " + name.describe()
					+ " is not understood over events; only sum(), latest() and bytecountestimate()");
		};
		tokens.expectSymbol(")");
		if (tokens.peek().isSymbol("*")) {
			throw new NrqlException(
					"arithmetic on a function is not understood over events (" + tokens.peek().describe() + ")");
		}
		if (tokens.acceptWord("AS")) {
			NrqlToken alias = tokens.next();
			if (alias.type() != NrqlToken.Type.WORD && alias.type() != NrqlToken.Type.STRING) {
				throw new NrqlException("an alias was expected after AS, not " + alias.describe());
			}
			return new EventQuery.Select(select.function(), select.attribute(), alias.text());
		}
		return select;
	}

	private EventQuery.Select read(EventQuery.Function function, String prefix) {
		NrqlToken attribute = tokens.next();
		if (attribute.type() != NrqlToken.Type.WORD) {
			throw new NrqlException("an attribute was expected in " + prefix + "(), not " + attribute.describe());
		}
		return new EventQuery.Select(function, attribute.text(), prefix + "." + attribute.text());
	}

	private void clause() {
		NrqlToken keyword = tokens.next();
		String name = keyword.upper();
		if (keyword.type() != NrqlToken.Type.WORD || !CLAUSES.contains(name)) {
			throw new NrqlException(
					"a clause (WHERE, FACET, SINCE, UNTIL, LIMIT) was expected, not " + keyword.describe());
		}
		if (!seen.add(name)) {
			throw new NrqlException(name + " is given twice (" + keyword.describe() + ")");
		}
		switch (name) {
			case "WHERE" -> where = conditions();
			case "FACET" -> facets = facets();
			case "SINCE" -> since = time();
			case "UNTIL" -> until = time();
			default -> limit = NrqlClauses.limit(tokens);
		}
	}

	private List<NrqlCondition> conditions() {
		List<NrqlCondition> conditions = new ArrayList<>();
		do {
			NrqlToken attribute = tokens.expect(NrqlToken.Type.WORD, "an attribute");
			NrqlToken operator = tokens.next();
			if (operator.isSymbol("=")) {
				conditions.add(new NrqlCondition(attribute.text(), NrqlCondition.Operator.EQUALS,
						List.of(NrqlClauses.literal(tokens))));
			}
			else if (operator.isWord("IN")) {
				tokens.expectSymbol("(");
				List<String> values = new ArrayList<>();
				do {
					values.add(NrqlClauses.literal(tokens));
				}
				while (tokens.acceptSymbol(","));
				tokens.expectSymbol(")");
				conditions.add(new NrqlCondition(attribute.text(), NrqlCondition.Operator.IN, values));
			}
			else {
				throw new NrqlException(
						"the operator " + operator.describe() + " is not understood over events; only = and IN");
			}
		}
		while (tokens.acceptWord("AND"));
		if (tokens.peek().isWord("OR")) {
			throw new NrqlException("OR is not understood (" + tokens.peek().describe() + "); only AND");
		}
		return conditions;
	}

	private List<String> facets() {
		List<String> names = new ArrayList<>();
		do {
			NrqlToken attribute = tokens.expect(NrqlToken.Type.WORD, "a facet");
			String name = attribute.text();
			if (tokens.acceptSymbol("(")) {
				NrqlToken argument = tokens.next();
				if (!attribute.isWord("monthOf") || !argument.isWord("timestamp")) {
					throw new NrqlException("the facet function " + attribute.describe()
							+ " is not understood; only monthOf(timestamp)");
				}
				tokens.expectSymbol(")");
				name = EventQuery.MONTH_OF;
			}
			if (names.contains(name)) {
				throw new NrqlException("the facet " + attribute.describe() + " is given twice");
			}
			names.add(name);
		}
		while (tokens.acceptSymbol(","));
		return NrqlClauses.atMostMaxFacets(names);
	}

	/** Epoch milliseconds, {@code n unit ago} or a quoted date, UTC. */
	private NrqlQuery.Time time() {
		if (tokens.peek().type() == NrqlToken.Type.STRING) {
			return new NrqlQuery.Time(date(tokens.next()), null);
		}
		long number = tokens.wholeNumber("epoch milliseconds, a time ago or a quoted date");
		NrqlToken unit = tokens.peek();
		if (unit.type() != NrqlToken.Type.WORD || CLAUSES.contains(unit.upper())) {
			return new NrqlQuery.Time(number, null);
		}
		tokens.next();
		long minutes = switch (unit.upper().replaceFirst("S$", "")) {
			case "MINUTE" -> 1;
			case "HOUR" -> 60;
			case "DAY" -> 1440;
			case "WEEK" -> 10_080;
			// the vendor's month is 30 days, not a calendar month
			case "MONTH" -> 43_200;
			default -> throw new NrqlException(
					"the unit " + unit.describe() + " is not understood; minutes, hours, days, weeks or months");
		};
		tokens.expectWord("AGO");
		return new NrqlQuery.Time(null, number * minutes);
	}

	private static long date(NrqlToken token) {
		String text = token.text().strip();
		try {
			return Instant.parse(text).toEpochMilli();
		}
		catch (DateTimeParseException e) {
			// not an instant: a date or a local date and time, read as UTC
		}
		for (DateTimeFormatter format : DATES) {
			try {
				return LocalDateTime.parse(text, format).toInstant(ZoneOffset.UTC).toEpochMilli();
			}
			catch (DateTimeParseException e) {
				// the next format may read it
			}
		}
		try {
			return LocalDate.parse(text).atStartOfDay().toInstant(ZoneOffset.UTC).toEpochMilli();
		}
		catch (DateTimeParseException e) {
			throw new NrqlException("the date " + token.describe()
					+ " is not understood; 'yyyy-MM-dd', 'yyyy-MM-dd HH:mm[:ss]' or an ISO instant (UTC)");
		}
	}

	static String monthName(LocalDate day) {
		return day.format(DateTimeFormatter.ofPattern("MMMM yyyy", Locale.ENGLISH));
	}

}
