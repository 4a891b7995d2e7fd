package io.apmreports.sandbox;

import java.time.DateTimeException;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.time.temporal.TemporalAccessor;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Parses the NRQL the vendor writes over service-level metrics (its result queries, its
 * FAQ's and its alert helper's), e.g.
 * {@code SELECT clamp_max(sum(newrelic.sli.good) / sum(newrelic.sli.valid) * 100, 100) AS 'SLI' FROM Metric WHERE entity.guid = '...' UNTIL 2 minutes AGO}:
 * arithmetic ({@code + - * /}, parentheses) over {@code sum()} and {@code count()} of
 * {@code newrelic.sli.valid|good|bad}, {@code clamp_max()} and {@code clamp_min()};
 * {@code WHERE} on {@code entity.guid}, {@code sli.guid}, {@code sli.id} ({@code =},
 * {@code IN}, joined by AND); {@code FACET} those or {@code monthOf(timestamp)};
 * {@code SINCE}/{@code UNTIL} as epoch milliseconds, {@code n units ago}, {@code NOW} or
 * a quoted date and time (with or without an offset); {@code WITH TIMEZONE 'zone'};
 * {@code LIMIT}. {@code TIMESERIES} and {@code COMPARE WITH} are refused: the sandbox
 * does not answer them over these metrics.
 */
final class SliQueryParser {

	private static final Set<String> CLAUSES = Set.of("WHERE", "FACET", "SINCE", "UNTIL", "LIMIT", "WITH", "TIMESERIES",
			"COMPARE");

	/**
	 * {@code yyyy-MM-dd[ HH:mm[:ss]][offset]}, the forms the vendor's time-range page
	 * shows.
	 */
	private static final DateTimeFormatter DATE = new DateTimeFormatterBuilder().appendPattern("yyyy-MM-dd")
		.optionalStart()
		.appendLiteral(' ')
		.appendPattern("HH:mm")
		.optionalStart()
		.appendPattern(":ss")
		.optionalEnd()
		.optionalEnd()
		.optionalStart()
		.optionalStart()
		.appendLiteral(' ')
		.optionalEnd()
		.appendOffset("+HH:MM", "Z")
		.optionalEnd()
		.parseDefaulting(ChronoField.HOUR_OF_DAY, 0)
		.parseDefaulting(ChronoField.MINUTE_OF_HOUR, 0)
		.parseDefaulting(ChronoField.SECOND_OF_MINUTE, 0)
		.toFormatter();

	private final String text;

	private final NrqlTokens tokens;

	private final Set<String> seen = new HashSet<>();

	private List<NrqlCondition> where = List.of();

	private List<String> facets = List.of();

	/** SINCE's quoted date, read once the zone is known. */
	private NrqlToken sinceDate;

	private NrqlQuery.Time sinceTime;

	private NrqlQuery.Time untilTime;

	private NrqlToken untilDate;

	private ZoneId zone = ZoneOffset.UTC;

	private int limit;

	private SliQueryParser(String text, List<NrqlToken> tokens) {
		this.text = text;
		this.tokens = new NrqlTokens(tokens);
	}

	/** Whether the query reads service-level metrics. */
	static boolean readsServiceLevels(List<NrqlToken> tokens) {
		return tokens.stream()
			.anyMatch(t -> t.type() == NrqlToken.Type.WORD && SandboxServiceLevels.Metric.named(t.text()).isPresent());
	}

	/** Parses tokens of {@code query} in the order SELECT ... FROM Metric ... clauses. */
	static SliQuery parse(String query, List<NrqlToken> tokens) {
		return new SliQueryParser(query, tokens).query();
	}

	private SliQuery query() {
		tokens.expectWord("SELECT");
		List<SliQuery.Select> select = new ArrayList<>();
		do {
			select.add(select());
		}
		while (tokens.acceptSymbol(","));
		tokens.expectWord("FROM");
		NrqlToken from = tokens.next();
		if (!from.isWord("Metric")) {
			throw new NrqlException("service-level metrics are read FROM Metric, not " + from.describe());
		}
		if (tokens.peek().isSymbol(",")) {
			throw new NrqlException(
					"dimensional metrics cannot be mixed with events in one query (" + tokens.peek().describe() + ")");
		}
		while (!tokens.atEnd()) {
			clause();
		}
		return new SliQuery(select, where, facets, time(sinceDate, sinceTime), time(untilDate, untilTime), zone, limit);
	}

	private SliQuery.Select select() {
		int start = tokens.peek().start();
		SliQuery.Expression expression = new SliExpressionParser(tokens).expression();
		String name = text.substring(start, tokens.previous().end()).strip();
		if (tokens.acceptWord("AS")) {
			NrqlToken alias = tokens.next();
			if (alias.type() != NrqlToken.Type.WORD && alias.type() != NrqlToken.Type.STRING) {
				throw new NrqlException("an alias was expected after AS, not " + alias.describe());
			}
			name = alias.text();
		}
		return new SliQuery.Select(expression, name);
	}

	private void clause() {
		NrqlToken keyword = tokens.next();
		String name = keyword.upper();
		if (keyword.type() != NrqlToken.Type.WORD || !CLAUSES.contains(name)) {
			throw new NrqlException("a clause (WHERE, FACET, SINCE, UNTIL, WITH TIMEZONE, LIMIT) was expected, not "
					+ keyword.describe());
		}
		if (name.equals("TIMESERIES") || name.equals("COMPARE")) {
			throw new NrqlException(
					name + " is not answered by the sandbox over service-level metrics (" + keyword.describe() + ")");
		}
		if (!seen.add(name)) {
			throw new NrqlException(name + " is given twice (" + keyword.describe() + ")");
		}
		switch (name) {
			case "WHERE" -> where = conditions();
			case "FACET" -> facets = facets();
			case "SINCE" -> sinceDate = timeToken(true);
			case "UNTIL" -> untilDate = timeToken(false);
			case "WITH" -> zone = zone();
			default -> limit = NrqlClauses.limit(tokens);
		}
	}

	private List<NrqlCondition> conditions() {
		List<NrqlCondition> conditions = new ArrayList<>();
		do {
			NrqlToken attribute = attribute("in a condition");
			NrqlToken operator = tokens.next();
			List<String> values = new ArrayList<>();
			if (operator.isSymbol("=")) {
				values.add(NrqlClauses.literal(tokens));
			}
			else if (operator.isWord("IN")) {
				tokens.expectSymbol("(");
				do {
					values.add(NrqlClauses.literal(tokens));
				}
				while (tokens.acceptSymbol(","));
				tokens.expectSymbol(")");
			}
			else {
				throw new NrqlException("the operator " + operator.describe() + " is not understood; only = and IN");
			}
			conditions.add(new NrqlCondition(attribute.text(),
					values.size() == 1 ? NrqlCondition.Operator.EQUALS : NrqlCondition.Operator.IN, values));
		}
		while (tokens.acceptWord("AND"));
		if (tokens.peek().isWord("OR")) {
			throw new NrqlException("OR is not understood (" + tokens.peek().describe() + "); only AND");
		}
		return conditions;
	}

	private NrqlToken attribute(String where) {
		NrqlToken attribute = tokens.next();
		if (attribute.type() != NrqlToken.Type.WORD || !SliQuery.ATTRIBUTES.contains(attribute.text())) {
			throw new NrqlException("the attribute " + attribute.describe() + " is not understood " + where
					+ "; known: " + SliQuery.ATTRIBUTES);
		}
		return attribute;
	}

	private List<String> facets() {
		List<String> names = new ArrayList<>();
		do {
			String name;
			NrqlToken first = tokens.peek();
			if (first.isWord("monthOf")) {
				tokens.next();
				tokens.expectSymbol("(");
				NrqlToken argument = tokens.next();
				if (!argument.isWord("timestamp")) {
					throw new NrqlException(
							"only monthOf(timestamp) is understood, not monthOf of " + argument.describe());
				}
				tokens.expectSymbol(")");
				name = EventQuery.MONTH_OF;
			}
			else {
				name = attribute("as a facet").text();
			}
			if (names.contains(name)) {
				throw new NrqlException("the facet " + first.describe() + " is given twice");
			}
			names.add(name);
		}
		while (tokens.acceptSymbol(","));
		return NrqlClauses.atMostMaxFacets(names);
	}

	/**
	 * A quoted date (kept as its token until the zone is known), or reads a number (epoch
	 * milliseconds or {@code n units ago}) or {@code NOW} into the time it returns null
	 * for.
	 */
	private NrqlToken timeToken(boolean isSince) {
		if (tokens.peek().type() == NrqlToken.Type.STRING) {
			return tokens.next();
		}
		NrqlQuery.Time time;
		if (tokens.acceptWord("NOW")) {
			time = new NrqlQuery.Time(null, 0L);
		}
		else {
			long number = tokens.wholeNumber("epoch milliseconds, a time ago, NOW or a quoted date");
			NrqlToken unit = tokens.peek();
			if (unit.type() != NrqlToken.Type.WORD || CLAUSES.contains(unit.upper())) {
				time = new NrqlQuery.Time(number, null);
			}
			else {
				tokens.next();
				time = new NrqlQuery.Time(null, number * unitMinutes(unit));
				tokens.expectWord("AGO");
			}
		}
		if (isSince) {
			sinceTime = time;
		}
		else {
			untilTime = time;
		}
		return null;
	}

	private static long unitMinutes(NrqlToken unit) {
		return switch (unit.upper().replaceFirst("S$", "")) {
			case "MINUTE" -> 1;
			case "HOUR" -> 60;
			case "DAY" -> 1440;
			case "WEEK" -> 10_080;
			// the vendor's month is 30 days, not a calendar month
			case "MONTH" -> 43_200;
			default -> throw new NrqlException(
					"the unit " + unit.describe() + " is not understood; minutes, hours, days, weeks or months");
		};
	}

	private NrqlQuery.Time time(NrqlToken date, NrqlQuery.Time read) {
		if (date == null) {
			return read;
		}
		try {
			TemporalAccessor parsed = DATE.parse(date.text().strip());
			LocalDateTime local = LocalDateTime.from(parsed);
			long millis = parsed.isSupported(ChronoField.OFFSET_SECONDS)
					? local.toInstant(ZoneOffset.ofTotalSeconds(parsed.get(ChronoField.OFFSET_SECONDS))).toEpochMilli()
					: local.atZone(zone).toInstant().toEpochMilli();
			return new NrqlQuery.Time(millis, null);
		}
		catch (DateTimeParseException e) {
			throw new NrqlException("the date " + date.describe()
					+ " is not understood; 'yyyy-MM-dd', 'yyyy-MM-dd HH:mm[:ss]', optionally with an offset");
		}
	}

	private ZoneId zone() {
		tokens.expectWord("TIMEZONE");
		NrqlToken name = tokens.expect(NrqlToken.Type.STRING, "a quoted time zone after WITH TIMEZONE");
		try {
			return ZoneId.of(name.text());
		}
		catch (DateTimeException e) {
			throw new NrqlException("the time zone " + name.describe() + " is not a known time zone");
		}
	}

}
