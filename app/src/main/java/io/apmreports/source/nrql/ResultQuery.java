package io.apmreports.source.nrql;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * One of a service level's own result queries cut into what it asks ({@code SELECT}'s
 * first item without its alias) and of what ({@code FROM} and {@code WHERE}), its time
 * clauses left out ({@code SINCE}, {@code UNTIL}, {@code TIMESERIES},
 * {@code COMPARE WITH}, {@code WITH TIMEZONE}, and {@code FACET}, {@code LIMIT}), so that
 * the source can ask the same thing over a month of its own. Either order NRQL allows is
 * read ({@code SELECT ... FROM ...} or {@code FROM ... SELECT ...}); keywords count only
 * outside quotes, backticks and parentheses.
 *
 * @param select the first item of SELECT, without {@code AS alias}
 * @param from the event types of FROM
 * @param where the conditions of WHERE, or {@code null} without
 */
record ResultQuery(String select, String from, String where) {

	/** The clause keywords that end the one before. */
	private static final Set<String> CLAUSES = Set.of("SELECT", "FROM", "WHERE", "FACET", "SINCE", "UNTIL",
			"TIMESERIES", "COMPARE", "WITH", "LIMIT", "EXTRAPOLATE", "ORDER");

	/**
	 * Reads a result query.
	 * @throws IllegalArgumentException when it has no SELECT or FROM
	 */
	static ResultQuery parse(String nrql) {
		List<int[]> clauses = clauses(nrql);
		String select = null;
		String from = null;
		String where = null;
		for (int i = 0; i < clauses.size(); i++) {
			int start = clauses.get(i)[0];
			int end = i + 1 < clauses.size() ? clauses.get(i + 1)[0] : nrql.length();
			String keyword = nrql.substring(start, clauses.get(i)[1]).toUpperCase(Locale.ROOT);
			String body = nrql.substring(clauses.get(i)[1], end).strip();
			switch (keyword) {
				case "SELECT" -> select = withoutAlias(firstItem(body));
				case "FROM" -> from = body;
				case "WHERE" -> where = body;
				default -> {
					// a time clause, a facet or a limit: the month's own replace them
				}
			}
		}
		if (select == null || select.isEmpty() || from == null || from.isEmpty()) {
			throw new IllegalArgumentException("no SELECT or FROM in " + nrql);
		}
		return new ResultQuery(select, from, where);
	}

	/** Whether {@code other} reads the same events, so both may be asked in one query. */
	boolean sameEvents(ResultQuery other) {
		return squeezed(from).equals(squeezed(other.from))
				&& squeezed(where == null ? "" : where).equals(squeezed(other.where == null ? "" : other.where));
	}

	/** {@code FROM ... [WHERE ...]} with the month's window. */
	String over(String window) {
		return " FROM " + from + (where == null ? "" : " WHERE " + where) + " " + window;
	}

	private static String squeezed(String text) {
		return text.strip().replaceAll("\\s+", " ");
	}

	/** Each top-level clause keyword's start and end, in order. */
	private static List<int[]> clauses(String nrql) {
		List<int[]> found = new ArrayList<>();
		int depth = 0;
		int i = 0;
		while (i < nrql.length()) {
			char c = nrql.charAt(i);
			if (c == '\'' || c == '`') {
				i = closing(nrql, i, c);
			}
			else if (c == '(') {
				depth++;
			}
			else if (c == ')') {
				depth--;
			}
			else if (depth == 0 && Character.isLetter(c) && (i == 0 || !isWordPart(nrql.charAt(i - 1)))) {
				int end = i;
				while (end < nrql.length() && isWordPart(nrql.charAt(end))) {
					end++;
				}
				if (CLAUSES.contains(nrql.substring(i, end).toUpperCase(Locale.ROOT))) {
					found.add(new int[] { i, end });
				}
				i = end - 1;
			}
			i++;
		}
		return found;
	}

	/** The index of the quote closing the one at {@code start} (a backslash escapes). */
	private static int closing(String nrql, int start, char quote) {
		int i = start + 1;
		while (i < nrql.length() && nrql.charAt(i) != quote) {
			i += nrql.charAt(i) == '\\' ? 2 : 1;
		}
		return i;
	}

	private static boolean isWordPart(char c) {
		return Character.isLetterOrDigit(c) || c == '_' || c == '.';
	}

	/** The list's first item: up to its first comma outside parentheses and quotes. */
	private static String firstItem(String list) {
		int depth = 0;
		for (int i = 0; i < list.length(); i++) {
			char c = list.charAt(i);
			if (c == '\'' || c == '`') {
				i = closing(list, i, c);
			}
			else if (c == '(') {
				depth++;
			}
			else if (c == ')') {
				depth--;
			}
			else if (c == ',' && depth == 0) {
				return list.substring(0, i).strip();
			}
		}
		return list.strip();
	}

	/** The item without a trailing {@code AS alias} outside parentheses. */
	private static String withoutAlias(String item) {
		int depth = 0;
		for (int i = 0; i < item.length(); i++) {
			char c = item.charAt(i);
			if (c == '\'' || c == '`') {
				i = closing(item, i, c);
			}
			else if (c == '(') {
				depth++;
			}
			else if (c == ')') {
				depth--;
			}
			else if (depth == 0 && i > 0 && Character.isWhitespace(item.charAt(i - 1))
					&& item.regionMatches(true, i, "AS", 0, 2)
					&& (i + 2 == item.length() || Character.isWhitespace(item.charAt(i + 2)))) {
				return item.substring(0, i).strip();
			}
		}
		return item;
	}

}
