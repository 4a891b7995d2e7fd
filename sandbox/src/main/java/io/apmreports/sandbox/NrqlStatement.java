package io.apmreports.sandbox;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Reads an NRQL query in either of the orders NRQL allows ({@code SELECT ... FROM ...} or
 * {@code FROM ... SELECT ...}) and hands it to the parser of what it reads: service-level
 * metrics ({@link SliQueryParser}), timeslice metrics ({@link NrqlParser}) or events
 * ({@link EventQueryParser}), the latter for any other event type and for
 * {@code bytecountestimate()}, which counts the bytes of {@code Metric} events rather
 * than their values.
 */
final class NrqlStatement {

	/** The words that end a SELECT list at its own depth. */
	private static final Set<String> AFTER_SELECT = Set.of("FROM", "WHERE", "FACET", "SINCE", "UNTIL", "LIMIT",
			"TIMESERIES", "COMPARE", "WITH");

	private NrqlStatement() {
	}

	/**
	 * A {@link SliQuery}, a {@link NrqlQuery} over timeslice metrics or an
	 * {@link EventQuery}.
	 */
	static Object parse(String query) {
		if (query == null || query.isBlank()) {
			throw new NrqlException("the query is empty");
		}
		List<NrqlToken> tokens = selectFirst(NrqlLexer.tokens(query));
		if (SliQueryParser.readsServiceLevels(tokens)) {
			return SliQueryParser.parse(query, tokens);
		}
		return overEvents(tokens) ? EventQueryParser.parse(tokens) : NrqlParser.parse(query, tokens);
	}

	/**
	 * The tokens of {@code FROM types SELECT items rest} as {@code SELECT items FROM
	 * types rest}; each keeps its place in the text, so messages still point at it.
	 */
	static List<NrqlToken> selectFirst(List<NrqlToken> tokens) {
		if (!tokens.get(0).isWord("FROM")) {
			return tokens;
		}
		int select = 1;
		while (select < tokens.size() && !tokens.get(select).isWord("SELECT")) {
			if (tokens.get(select).type() == NrqlToken.Type.END) {
				throw new NrqlException("SELECT was expected after FROM's event types, not the end of the query");
			}
			select++;
		}
		int end = endOfSelect(tokens, select + 1);
		List<NrqlToken> reordered = new ArrayList<>(tokens.subList(select, end));
		reordered.addAll(tokens.subList(0, select));
		reordered.addAll(tokens.subList(end, tokens.size()));
		return reordered;
	}

	private static int endOfSelect(List<NrqlToken> tokens, int from) {
		int depth = 0;
		for (int i = from; i < tokens.size(); i++) {
			NrqlToken token = tokens.get(i);
			if (token.isSymbol("(")) {
				depth++;
			}
			else if (token.isSymbol(")")) {
				depth--;
			}
			else if (token.type() == NrqlToken.Type.END
					|| depth == 0 && token.type() == NrqlToken.Type.WORD && AFTER_SELECT.contains(token.upper())) {
				return i;
			}
		}
		return tokens.size() - 1;
	}

	/**
	 * Whether FROM names anything but Metric (the event parser names the types it knows),
	 * or the query estimates bytes.
	 */
	private static boolean overEvents(List<NrqlToken> tokens) {
		int depth = 0;
		for (int i = 0; i < tokens.size(); i++) {
			NrqlToken token = tokens.get(i);
			if (token.isWord("bytecountestimate")) {
				return true;
			}
			depth += token.isSymbol("(") ? 1 : token.isSymbol(")") ? -1 : 0;
			if (depth == 0 && token.isWord("FROM")) {
				for (int t = i + 1; t < tokens.size(); t += 2) {
					NrqlToken type = tokens.get(t);
					if (type.type() == NrqlToken.Type.WORD && !type.isWord("Metric")) {
						return true;
					}
					if (t + 1 >= tokens.size() || !tokens.get(t + 1).isSymbol(",")) {
						break;
					}
				}
			}
		}
		return false;
	}

}
