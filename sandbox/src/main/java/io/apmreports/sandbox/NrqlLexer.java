package io.apmreports.sandbox;

import java.util.ArrayList;
import java.util.List;

/**
 * Cuts a query into words (identifiers and keywords, dots included, or in backticks),
 * whole or decimal numbers, quoted strings and the symbols {@code ( ) , * = / + -}.
 */
final class NrqlLexer {

	private static final String SYMBOLS = "(),*=/+-";

	private NrqlLexer() {
	}

	static List<NrqlToken> tokens(String query) {
		List<NrqlToken> tokens = new ArrayList<>();
		int i = 0;
		while (i < query.length()) {
			char c = query.charAt(i);
			if (Character.isWhitespace(c)) {
				i++;
			}
			else if (c == '\'' || c == '`') {
				i = quoted(query, i, c, tokens);
			}
			else if (Character.isDigit(c)) {
				int end = digits(query, i);
				if (end < query.length() - 1 && query.charAt(end) == '.' && Character.isDigit(query.charAt(end + 1))) {
					end = digits(query, end + 1);
				}
				tokens.add(new NrqlToken(NrqlToken.Type.NUMBER, query.substring(i, end), i, end));
				i = end;
			}
			else if (Character.isLetter(c) || c == '_') {
				int end = i;
				while (end < query.length() && isWordPart(query.charAt(end))) {
					end++;
				}
				tokens.add(new NrqlToken(NrqlToken.Type.WORD, query.substring(i, end), i, end));
				i = end;
			}
			else if (SYMBOLS.indexOf(c) >= 0) {
				tokens.add(new NrqlToken(NrqlToken.Type.SYMBOL, String.valueOf(c), i, i + 1));
				i++;
			}
			else {
				throw new NrqlException("the character '" + c + "' at position " + (i + 1) + " is not understood");
			}
		}
		tokens.add(new NrqlToken(NrqlToken.Type.END, "", query.length(), query.length()));
		return tokens;
	}

	private static boolean isWordPart(char c) {
		return Character.isLetterOrDigit(c) || c == '_' || c == '.';
	}

	private static int digits(String query, int from) {
		int end = from;
		while (end < query.length() && Character.isDigit(query.charAt(end))) {
			end++;
		}
		return end;
	}

	/**
	 * A string in single quotes (a backslash escapes the next character) or a name in
	 * backticks, which is a word.
	 */
	private static int quoted(String query, int start, char quote, List<NrqlToken> tokens) {
		StringBuilder text = new StringBuilder();
		int i = start + 1;
		while (i < query.length() && query.charAt(i) != quote) {
			if (query.charAt(i) == '\\' && i + 1 < query.length()) {
				i++;
			}
			text.append(query.charAt(i));
			i++;
		}
		if (i >= query.length()) {
			throw new NrqlException("the quote at position " + (start + 1) + " is never closed");
		}
		NrqlToken.Type type = quote == '`' ? NrqlToken.Type.WORD : NrqlToken.Type.STRING;
		tokens.add(new NrqlToken(type, text.toString(), start, i + 1));
		return i + 1;
	}

}
