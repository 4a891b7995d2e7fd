package io.apmreports.sandbox;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A decoded query string. Decoding with {@link URLDecoder} turns {@code %5B%5D} into
 * {@code []}, {@code %2B} into {@code +} and a bare {@code +} into a space, as the real
 * service does, so a client that sends an unencoded {@code +} in a time gets the same 422
 * here as there.
 */
final class QueryParameters {

	private final Map<String, List<String>> values = new LinkedHashMap<>();

	/**
	 * The raw pairs, kept so paging links repeat the caller's filters exactly as sent.
	 */
	private final List<String[]> rawPairs = new ArrayList<>();

	QueryParameters(String rawQuery) {
		if (rawQuery == null || rawQuery.isEmpty()) {
			return;
		}
		for (String pair : rawQuery.split("&")) {
			if (pair.isEmpty()) {
				continue;
			}
			int eq = pair.indexOf('=');
			String rawName = eq < 0 ? pair : pair.substring(0, eq);
			String rawValue = eq < 0 ? "" : pair.substring(eq + 1);
			String name;
			String value;
			try {
				name = URLDecoder.decode(rawName, StandardCharsets.UTF_8);
				value = URLDecoder.decode(rawValue, StandardCharsets.UTF_8);
			}
			catch (IllegalArgumentException e) {
				throw ApiException.invalid("Malformed query string");
			}
			rawPairs.add(new String[] { name, pair });
			values.computeIfAbsent(name, k -> new ArrayList<>()).add(value);
		}
	}

	/** The first value of any of the names, or null. */
	String first(String... names) {
		for (String name : names) {
			List<String> list = values.get(name);
			if (list != null && !list.isEmpty()) {
				return list.get(0);
			}
		}
		return null;
	}

	/** All non-blank values of all the names, in order. */
	List<String> all(String... names) {
		List<String> result = new ArrayList<>();
		for (String name : names) {
			for (String value : values.getOrDefault(name, List.of())) {
				if (!value.isBlank()) {
					result.add(value);
				}
			}
		}
		return result;
	}

	/** The raw query without its {@code page} parameter, for building paging links. */
	String rawWithoutPage() {
		StringBuilder query = new StringBuilder();
		for (String[] pair : rawPairs) {
			if (!pair[0].equals("page")) {
				query.append('&').append(pair[1]);
			}
		}
		return query.toString();
	}

}
