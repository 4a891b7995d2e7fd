package io.apmreports.definition;

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

}
