package io.apmreports.source.nrql;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import io.apmreports.source.ApplicationTags;

/**
 * Tags through NerdGraph's entity search: one search for each combination of one value
 * per key, since {@code IN} on a tag is not documented, every key quoted in backticks as
 * a dash in a key would otherwise read as a minus.
 */
class EntityTagSearch implements ApplicationTags {

	private final NerdGraphClient client;

	EntityTagSearch(NerdGraphClient client) {
		this.client = client;
	}

	@Override
	public Set<Long> tagged(long accountId, Map<String, List<String>> tags) {
		Set<Long> ids = new HashSet<>();
		for (String query : queries(accountId, tags)) {
			String cursor = null;
			do {
				EntityPage page = client.entities(query, cursor);
				page.entities().stream().map(Entity::applicationId).filter(Objects::nonNull).forEach(ids::add);
				cursor = page.nextCursor();
			}
			while (cursor != null);
		}
		return ids;
	}

	/**
	 * One entity search query a combination of values, in the order the keys are given.
	 */
	static List<String> queries(long accountId, Map<String, List<String>> tags) {
		List<String> queries = new ArrayList<>();
		queries.add("domain = 'APM' AND type = 'APPLICATION' AND accountId = " + accountId);
		for (Map.Entry<String, List<String>> tag : tags.entrySet()) {
			List<String> longer = new ArrayList<>();
			for (String query : queries) {
				for (String value : tag.getValue()) {
					longer.add(query + " AND tags.`" + tag.getKey().replace("`", "") + "` = '" + quote(value) + "'");
				}
			}
			queries = longer;
		}
		return queries;
	}

	/** A value inside single quotes, its quotes and backslashes escaped. */
	private static String quote(String value) {
		return value.replace("\\", "\\\\").replace("'", "\\'");
	}

}
