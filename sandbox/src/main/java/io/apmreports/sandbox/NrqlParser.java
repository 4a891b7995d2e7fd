package io.apmreports.sandbox;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A recursive-descent parser of the NRQL subset the sandbox answers (see
 * {@link NrqlQuery}); anything else is refused with a {@link NrqlException} that names
 * what it did not understand, never guessed at.
 */
final class NrqlParser {

	/** The value every function reads: timeslice metrics have no other. */
	static final String VALUE = "newrelic.timeslice.value";

	static final int MAX_FACETS = 5;

	/**
	 * The attributes {@code uniqueCount()} counts: hosts, and instances by the attribute
	 * every agent sets ({@code realAgentId}) or the one only Java agents set
	 * ({@code instanceName}).
	 */
	private static final List<String> COUNTED = List.of("host", "realAgentId", "instanceName");

	private final String text;

	private final NrqlTokens tokens;

	private NrqlParser(String text, List<NrqlToken> tokens) {
		this.text = text;
		this.tokens = new NrqlTokens(tokens);
	}

	static NrqlQuery parse(String query) {
		if (query == null || query.isBlank()) {
			throw new NrqlException("the query is empty");
		}
		return parse(query, NrqlLexer.tokens(query));
	}

	/** Parses tokens of {@code query} in the order SELECT ... FROM Metric ... clauses. */
	static NrqlQuery parse(String query, List<NrqlToken> tokens) {
		return new NrqlParser(query, tokens).query();
	}

	private NrqlQuery query() {
		tokens.expectWord("SELECT");
		List<NrqlQuery.Select> select = new ArrayList<>();
		do {
			select.add(select());
		}
		while (tokens.acceptSymbol(","));
		tokens.expectWord("FROM");
		NrqlToken from = tokens.next();
		if (!from.isWord("Metric")) {
			throw new NrqlException("only FROM Metric is understood, not " + from.describe());
		}
		NrqlClauses clauses = new NrqlClauses(tokens);
		while (!tokens.atEnd()) {
			clauses.clause();
		}
		return new NrqlQuery(select, clauses.where, clauses.facets, clauses.since, clauses.until, clauses.bucketMinutes,
				clauses.limit);
	}

	private NrqlQuery.Select select() {
		int start = tokens.peek().start();
		NrqlFunction function = function();
		Double multiplier = null;
		if (tokens.acceptSymbol("*")) {
			NrqlToken factor = tokens.expect(NrqlToken.Type.NUMBER, "a number after '*'");
			if (function.isObject()) {
				throw new NrqlException("'*' at position " + factor.start() + " cannot multiply apdex()");
			}
			multiplier = Double.parseDouble(factor.text());
		}
		int end = tokens.previous().end();
		String name = text.substring(start, end).strip();
		if (tokens.peek().isWord("AS")) {
			tokens.next();
			NrqlToken alias = tokens.next();
			if (alias.type() != NrqlToken.Type.WORD && alias.type() != NrqlToken.Type.STRING) {
				throw new NrqlException("an alias was expected after AS, not " + alias.describe());
			}
			name = alias.text();
		}
		return new NrqlQuery.Select(function, multiplier, name);
	}

	private NrqlFunction function() {
		NrqlToken name = tokens.expect(NrqlToken.Type.WORD, "a function");
		tokens.expectSymbol("(");
		NrqlFunction function = switch (name.text()) {
			case "count" -> value(NrqlFunction.Kind.COUNT);
			case "average" -> value(NrqlFunction.Kind.AVERAGE);
			case "max" -> value(NrqlFunction.Kind.MAX);
			case "apdex" -> value(NrqlFunction.Kind.APDEX);
			case "uniqueCount" -> uniqueCount();
			case "rate" -> rate();
			case "filter" -> filter();
			default -> throw new NrqlException("the function " + name.describe() + " is not understood");
		};
		tokens.expectSymbol(")");
		return function;
	}

	private NrqlFunction value(NrqlFunction.Kind kind) {
		NrqlToken argument = tokens.next();
		if (!argument.isWord(VALUE)) {
			throw new NrqlException("only " + VALUE + " is understood as the argument of "
					+ kind.name().toLowerCase(Locale.ROOT) + "(), not " + argument.describe());
		}
		return NrqlFunction.of(kind);
	}

	private NrqlFunction uniqueCount() {
		NrqlToken attribute = tokens.next();
		for (String counted : COUNTED) {
			if (attribute.isWord(counted)) {
				return NrqlFunction.uniqueCount(counted);
			}
		}
		throw new NrqlException(
				"only " + String.join(", ", COUNTED) + " are understood in uniqueCount(), not " + attribute.describe());
	}

	private NrqlFunction rate() {
		int at = tokens.peek().start();
		NrqlFunction inner = function();
		if (inner.kind() != NrqlFunction.Kind.COUNT) {
			throw new NrqlException("only rate(count(...), ...) is understood, not the rate at position " + (at + 1));
		}
		tokens.expectSymbol(",");
		long amount = tokens.wholeNumber("the length of rate()'s unit");
		long unitMinutes = NrqlClauses.unitMinutes(tokens.next(), false);
		return NrqlFunction.rate(inner, amount * unitMinutes);
	}

	private NrqlFunction filter() {
		NrqlFunction inner = function();
		tokens.expectSymbol(",");
		tokens.expectWord("WHERE");
		return NrqlFunction.filter(inner, NrqlClauses.conditions(tokens));
	}

}
