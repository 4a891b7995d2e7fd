package io.apmreports.definition;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Which applications a report reads, as teams name them. An application is selected when
 * it passes every criterion given: its name contains {@code nameContains}, matches one of
 * {@code names} (patterns with {@code *} and {@code ?}, whole name, case ignored), its id
 * is one of {@code ids}, and it carries, for each tag key, one of that key's values; and
 * when it matches none of the exclusions. Nothing given selects every application.
 *
 * @param nameContains a substring of the name, or {@code null}
 * @param ids application ids, or empty
 * @param names name patterns, or empty
 * @param tags tag keys, each with the values one of which an application must carry
 * @param exclude what takes an application out again, whatever else it matches
 */
public record ApplicationFilter(String nameContains, List<Long> ids, List<String> names, Map<String, List<String>> tags,
		Exclusion exclude) {

	public ApplicationFilter {
		ids = ids == null ? List.of() : List.copyOf(ids);
		nameContains = nameContains == null || nameContains.isEmpty() ? null : nameContains;
		names = names == null ? List.of() : List.copyOf(names);
		tags = tags == null ? Map.of() : copy(tags);
		exclude = exclude == null ? Exclusion.NONE : exclude;
	}

	/** A filter by name substring and ids only, as the list endpoint takes them. */
	public ApplicationFilter(String nameContains, List<Long> ids) {
		this(nameContains, ids, List.of(), Map.of(), Exclusion.NONE);
	}

	public static ApplicationFilter all() {
		return new ApplicationFilter(null, List.of());
	}

	/**
	 * What takes applications out of a selection: any name pattern, id or tag value.
	 *
	 * @param names name patterns, as {@link ApplicationFilter#names}
	 * @param ids application ids
	 * @param tags tag keys, each with values any one of which excludes
	 */
	public record Exclusion(List<String> names, List<Long> ids, Map<String, List<String>> tags) {

		static final Exclusion NONE = new Exclusion(List.of(), List.of(), Map.of());

		public Exclusion {
			names = names == null ? List.of() : List.copyOf(names);
			ids = ids == null ? List.of() : List.copyOf(ids);
			tags = tags == null ? Map.of() : copy(tags);
		}

		boolean isEmpty() {
			return names.isEmpty() && ids.isEmpty() && tags.isEmpty();
		}

	}

	/** Whether this selects every application of the account. */
	public boolean selectsAll() {
		return nameContains == null && ids.isEmpty() && names.isEmpty() && tags.isEmpty() && exclude.isEmpty();
	}

	/**
	 * Whether an application passes every criterion that needs no tags: name, pattern, id
	 * and the exclusions by name and id. Tags are judged where they are known.
	 */
	public boolean selects(long id, String name) {
		if (!ids.isEmpty() && !ids.contains(id)) {
			return false;
		}
		String lower = name.toLowerCase(Locale.ROOT);
		if (nameContains != null && !lower.contains(nameContains.toLowerCase(Locale.ROOT))) {
			return false;
		}
		if (!names.isEmpty() && names.stream().noneMatch(pattern -> matches(pattern, name))) {
			return false;
		}
		return !exclude.ids().contains(id) && exclude.names().stream().noneMatch(pattern -> matches(pattern, name));
	}

	/**
	 * Whether a name pattern ({@code *} any run of characters, {@code ?} one) matches the
	 * whole name, case ignored.
	 */
	static boolean matches(String pattern, String name) {
		// walked by hand rather than through a regex compiled per call: the listing asks
		// it of every application of the account, for every pattern
		int p = 0;
		int n = 0;
		int star = -1;
		int resume = 0;
		while (n < name.length()) {
			if (p < pattern.length() && pattern.charAt(p) == '*') {
				star = p++;
				resume = n;
			}
			else if (p < pattern.length() && (pattern.charAt(p) == '?' || same(pattern.charAt(p), name.charAt(n)))) {
				p++;
				n++;
			}
			else if (star >= 0) {
				// let the last star take one character more, and try the rest again
				p = star + 1;
				n = ++resume;
			}
			else {
				return false;
			}
		}
		while (p < pattern.length() && pattern.charAt(p) == '*') {
			p++;
		}
		return p == pattern.length();
	}

	/**
	 * Two characters equal but for case, as {@code String#equalsIgnoreCase} compares
	 * them.
	 */
	private static boolean same(char a, char b) {
		return a == b || Character.toUpperCase(a) == Character.toUpperCase(b)
				|| Character.toLowerCase(a) == Character.toLowerCase(b);
	}

	/**
	 * The selection as a definition writes it, for a message:
	 * {@code name-contains "pay"}, {@code tags team: checkout}, {@code ids [1001, 1002]},
	 * ... joined by "and".
	 */
	public String describe() {
		List<String> parts = new ArrayList<>();
		if (nameContains != null) {
			parts.add("name-contains \"" + nameContains + "\"");
		}
		if (!names.isEmpty()) {
			parts.add("names " + quoted(names));
		}
		if (!ids.isEmpty()) {
			parts.add("ids " + ids);
		}
		if (!tags.isEmpty()) {
			parts.add("tags " + describe(tags));
		}
		String selection = parts.isEmpty() ? "every application" : String.join(" and ", parts);
		if (exclude.isEmpty()) {
			return selection;
		}
		List<String> excluded = new ArrayList<>();
		if (!exclude.names().isEmpty()) {
			excluded.add("names " + quoted(exclude.names()));
		}
		if (!exclude.ids().isEmpty()) {
			excluded.add("ids " + exclude.ids());
		}
		if (!exclude.tags().isEmpty()) {
			excluded.add("tags " + describe(exclude.tags()));
		}
		return selection + " but not " + String.join(" or ", excluded);
	}

	private static String quoted(List<String> texts) {
		return texts.stream().map(text -> "\"" + text + "\"").collect(Collectors.joining(", ", "[", "]"));
	}

	private static String describe(Map<String, List<String>> tags) {
		return tags.entrySet()
			.stream()
			.map(tag -> tag.getKey() + ": " + String.join(" or ", tag.getValue()))
			.collect(Collectors.joining(", "));
	}

	private static Map<String, List<String>> copy(Map<String, List<String>> tags) {
		Map<String, List<String>> copy = new LinkedHashMap<>();
		tags.forEach((key, values) -> copy.put(key, List.copyOf(values)));
		return Collections.unmodifiableMap(copy);
	}

}
