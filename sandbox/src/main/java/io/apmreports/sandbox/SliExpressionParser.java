package io.apmreports.sandbox;

/**
 * The arithmetic of a service-level query's SELECT item: {@code + - * /} with the usual
 * precedence, parentheses, numbers, a leading minus, {@code sum()} and {@code count()} of
 * {@code newrelic.sli.valid|good|bad}, {@code clamp_max(x, n)} and
 * {@code clamp_min(x, n)}; any other function or metric is refused naming it.
 */
final class SliExpressionParser {

	private final NrqlTokens tokens;

	SliExpressionParser(NrqlTokens tokens) {
		this.tokens = tokens;
	}

	SliQuery.Expression expression() {
		SliQuery.Expression left = term();
		while (tokens.peek().isSymbol("+") || tokens.peek().isSymbol("-")) {
			char operator = tokens.next().text().charAt(0);
			left = new SliQuery.Binary(operator, left, term());
		}
		return left;
	}

	private SliQuery.Expression term() {
		SliQuery.Expression left = factor();
		while (tokens.peek().isSymbol("*") || tokens.peek().isSymbol("/")) {
			char operator = tokens.next().text().charAt(0);
			left = new SliQuery.Binary(operator, left, factor());
		}
		return left;
	}

	private SliQuery.Expression factor() {
		NrqlToken token = tokens.next();
		if (token.type() == NrqlToken.Type.NUMBER) {
			return new SliQuery.Constant(Double.parseDouble(token.text()));
		}
		if (token.isSymbol("-")) {
			return new SliQuery.Binary('-', new SliQuery.Constant(0), factor());
		}
		if (token.isSymbol("(")) {
			SliQuery.Expression inner = expression();
			tokens.expectSymbol(")");
			return inner;
		}
		if (token.type() != NrqlToken.Type.WORD || !tokens.peek().isSymbol("(")) {
			throw new NrqlException("a function, a number or '(' was expected, not " + token.describe());
		}
		tokens.expectSymbol("(");
		SliQuery.Expression call = switch (token.text()) {
			case "sum" -> new SliQuery.Aggregate(true, metric());
			case "count" -> new SliQuery.Aggregate(false, metric());
			case "clamp_max", "clamp_min" -> clamp(token.text().equals("clamp_max"));
			default -> throw new NrqlException("the function " + token.describe()
					+ " is not understood over service-level metrics; sum, count, clamp_max, clamp_min");
		};
		tokens.expectSymbol(")");
		return call;
	}

	private SandboxServiceLevels.Metric metric() {
		NrqlToken name = tokens.next();
		if (name.isWord(NrqlParser.VALUE)) {
			throw new NrqlException("timeslice metrics cannot be mixed with dimensional metrics in one query ("
					+ name.describe() + ")");
		}
		return SandboxServiceLevels.Metric.named(name.text())
			.orElseThrow(() -> new NrqlException("the metric " + name.describe()
					+ " is not understood here; newrelic.sli.valid, newrelic.sli.good or newrelic.sli.bad"));
	}

	private SliQuery.Expression clamp(boolean max) {
		SliQuery.Expression inner = expression();
		tokens.expectSymbol(",");
		boolean negative = tokens.acceptSymbol("-");
		NrqlToken bound = tokens.expect(NrqlToken.Type.NUMBER, "a number as the clamp's bound");
		double value = Double.parseDouble(bound.text());
		return new SliQuery.Clamp(max, inner, negative ? -value : value);
	}

}
