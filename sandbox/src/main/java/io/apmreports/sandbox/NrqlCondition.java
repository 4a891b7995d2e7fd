package io.apmreports.sandbox;

import java.util.List;
import java.util.Set;

/**
 * {@code attribute = value}, {@code attribute IN (values)} or
 * {@code attribute LIKE 'pattern'}; numbers are kept as their text, so {@code appId = 7}
 * and {@code appId = '7'} are the same condition.
 */
record NrqlCondition(String attribute, Operator operator, List<String> values) {

	/** The attributes a condition may name. */
	static final Set<String> ATTRIBUTES = Set.of("appId", "appName", "host", "metricTimesliceName", "instanceName",
			"realAgentId");

	enum Operator {

		EQUALS, IN, LIKE

	}

	NrqlCondition {
		values = List.copyOf(values);
	}

	boolean matches(String value) {
		if (value == null) {
			return false;
		}
		return switch (operator) {
			case EQUALS, IN -> values.contains(value);
			case LIKE -> like(values.get(0), value);
		};
	}

	/** LIKE with {@code %} as any run of characters; everything else is literal. */
	static boolean like(String pattern, String value) {
		String[] parts = pattern.split("%", -1);
		if (parts.length == 1) {
			return pattern.equals(value);
		}
		if (!value.startsWith(parts[0])) {
			return false;
		}
		int at = parts[0].length();
		for (int i = 1; i < parts.length - 1; i++) {
			int found = value.indexOf(parts[i], at);
			if (found < 0) {
				return false;
			}
			at = found + parts[i].length();
		}
		String last = parts[parts.length - 1];
		return value.length() - at >= last.length() && value.endsWith(last);
	}

}
