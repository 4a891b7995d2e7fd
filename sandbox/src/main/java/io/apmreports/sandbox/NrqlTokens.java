package io.apmreports.sandbox;

import java.util.List;

/** The tokens of a query and the parser's place in them. */
final class NrqlTokens {

	private final List<NrqlToken> tokens;

	private int position;

	NrqlTokens(List<NrqlToken> tokens) {
		this.tokens = tokens;
	}

	NrqlToken peek() {
		return tokens.get(position);
	}

	NrqlToken next() {
		NrqlToken token = tokens.get(position);
		if (token.type() != NrqlToken.Type.END) {
			position++;
		}
		return token;
	}

	NrqlToken previous() {
		return tokens.get(Math.max(0, position - 1));
	}

	boolean atEnd() {
		return peek().type() == NrqlToken.Type.END;
	}

	boolean acceptSymbol(String symbol) {
		if (peek().isSymbol(symbol)) {
			position++;
			return true;
		}
		return false;
	}

	boolean acceptWord(String word) {
		if (peek().isWord(word)) {
			position++;
			return true;
		}
		return false;
	}

	void expectWord(String word) {
		NrqlToken token = next();
		if (!token.isWord(word)) {
			throw new NrqlException(word + " was expected, not " + token.describe());
		}
	}

	void expectSymbol(String symbol) {
		NrqlToken token = next();
		if (!token.isSymbol(symbol)) {
			throw new NrqlException("'" + symbol + "' was expected, not " + token.describe());
		}
	}

	NrqlToken expect(NrqlToken.Type type, String what) {
		NrqlToken token = next();
		if (token.type() != type) {
			throw new NrqlException(what + " was expected, not " + token.describe());
		}
		return token;
	}

	long wholeNumber(String what) {
		NrqlToken token = expect(NrqlToken.Type.NUMBER, what);
		try {
			return Long.parseLong(token.text());
		}
		catch (NumberFormatException e) {
			throw new NrqlException(what + " must be a whole number, not " + token.describe());
		}
	}

}
