package io.apmreports.source.nrql;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;

import io.apmreports.failure.UserFacingException;
import io.apmreports.source.ApplicationTags;

/**
 * Tags through NerdGraph's entity search: one search for each value of each key, since
 * {@code IN} on a tag is not documented; an application carries the tags when it is among
 * the answers of one value of every key. Every key is quoted in backticks, as a dash in a
 * key would otherwise read as a minus. A report grouped by a tag reads every
 * application's tags in one search of the account.
 */
class EntityTagSearch implements ApplicationTags {

	private final NerdGraphClient client;

	EntityTagSearch(NerdGraphClient client) {
		this.client = client;
	}

	@Override
	public Set<Long> tagged(long accountId, Map<String, List<String>> tags) {
		Set<Long> carrying = null;
		for (Map.Entry<String, List<String>> tag : tags.entrySet()) {
			Set<Long> anyValue = new HashSet<>();
			for (String value : tag.getValue()) {
				anyValue.addAll(search(query(accountId, tag.getKey(), value)));
			}
			if (carrying == null) {
				carrying = anyValue;
			}
			else {
				carrying.retainAll(anyValue);
			}
		}
		return carrying == null ? Set.of() : carrying;
	}

	@Override
	public Map<Long, String> values(long accountId, String key) {
		Map<Long, String> values = new HashMap<>();
		String query = "domain = 'APM' AND type = 'APPLICATION' AND accountId = " + accountId;
		forEachEntity("grouping applications by tag", cursor -> client.taggedEntities(query, cursor), entity -> {
			List<String> tag = entity.tag(key);
			if (entity.applicationId() != null && !tag.isEmpty()) {
				values.put(entity.applicationId(), String.join(", ", tag));
			}
		});
		return values;
	}

	/**
	 * The value of the tag {@code key} of each application of the account by name, for
	 * the cost report, whose usage rows name applications; an application without the tag
	 * is absent.
	 */
	Map<String, String> valuesByName(long accountId, String key) {
		Map<String, String> values = new HashMap<>();
		String query = "domain = 'APM' AND type = 'APPLICATION' AND accountId = " + accountId;
		forEachEntity("grouping the cost by tag", cursor -> client.taggedEntities(query, cursor), entity -> {
			List<String> tag = entity.tag(key);
			if (!tag.isEmpty()) {
				values.put(entity.name(), String.join(", ", tag));
			}
		});
		return values;
	}

	private Set<Long> search(String query) {
		Set<Long> ids = new HashSet<>();
		forEachEntity("selecting applications by tags", cursor -> client.entities(query, cursor), entity -> {
			if (entity.applicationId() != null) {
				ids.add(entity.applicationId());
			}
		});
		return ids;
	}

	/**
	 * Every entity of a search, page by page; a key NerdGraph refuses is one line saying
	 * what needed it.
	 */
	private static void forEachEntity(String purpose, Function<String, EntityPage> pages, Consumer<Entity> each) {
		String cursor = null;
		do {
			EntityPage page;
			try {
				page = pages.apply(cursor);
			}
			catch (NerdGraphException.Refused ex) {
				throw new UserFacingException(purpose + " asks NerdGraph's entity search, which refused: "
						+ ex.getMessage() + " (tags need a user key, NRAK-..., that NerdGraph accepts; a REST-only key "
						+ "does not)");
			}
			page.entities().forEach(each);
			cursor = page.nextCursor();
		}
		while (cursor != null);
	}

	/** The search for one value of one tag in the account. */
	static String query(long accountId, String key, String value) {
		return "domain = 'APM' AND type = 'APPLICATION' AND accountId = " + accountId + " AND tags.`"
				+ key.replace("`", "") + "` = '" + value.replace("\\", "\\\\").replace("'", "\\'") + "'";
	}

}
