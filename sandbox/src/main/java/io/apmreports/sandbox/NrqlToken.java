package io.apmreports.sandbox;

import java.util.Locale;

/**
 * One token of an NRQL query or an entity search query.
 *
 * @param type what kind of token
 * @param text the word, the number as written, the string without quotes, or the symbol
 * @param start offset of the token in the query, for messages and for the text of a
 * select item
 * @param end offset just past the token
 */
record NrqlToken(Type type, String text, int start, int end) {

	enum Type {

		WORD, NUMBER, STRING, SYMBOL, END

	}

	boolean isWord(String word) {
		return type == Type.WORD && text.equalsIgnoreCase(word);
	}

	boolean isSymbol(String symbol) {
		return type == Type.SYMBOL && text.equals(symbol);
	}

	/** How a message names the token. */
	String describe() {
		return type == Type.END ? "the end of the query" : "'" + text + "' at position " + (start + 1);
	}

	String upper() {
		return text.toUpperCase(Locale.ROOT);
	}

}
