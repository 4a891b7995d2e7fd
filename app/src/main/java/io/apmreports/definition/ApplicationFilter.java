package io.apmreports.definition;

import java.util.ArrayList;
import java.util.List;

/**
 * Which applications to list: {@code filter[name]} (substring) and {@code filter[ids]};
 * both empty means all.
 *
 * @param nameContains a substring of the name, or {@code null}
 * @param ids application ids, or empty
 */
public record ApplicationFilter(String nameContains, List<Long> ids) {

	public ApplicationFilter {
		ids = ids == null ? List.of() : List.copyOf(ids);
		nameContains = nameContains == null || nameContains.isEmpty() ? null : nameContains;
	}

	public static ApplicationFilter all() {
		return new ApplicationFilter(null, List.of());
	}

	/** Whether this selects every application of the account. */
	public boolean selectsAll() {
		return nameContains == null && ids.isEmpty();
	}

	/**
	 * The selection as a definition writes it, for a message:
	 * {@code name-contains "pay"}, {@code ids [1001, 1002]}, or both.
	 */
	public String describe() {
		List<String> parts = new ArrayList<>();
		if (nameContains != null) {
			parts.add("name-contains \"" + nameContains + "\"");
		}
		if (!ids.isEmpty()) {
			parts.add("ids " + ids);
		}
		return parts.isEmpty() ? "every application" : String.join(" and ", parts);
	}

}
