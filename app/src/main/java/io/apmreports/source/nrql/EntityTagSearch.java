package io.apmreports.source.nrql;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import io.apmreports.failure.UserFacingException;
import io.apmreports.source.ApplicationTags;

/**
 * Tags through NerdGraph's entity search: one search for each value of each key, since
 * {@code IN} on a tag is not documented; an application carries the tags when it is among
 * the answers of one value of every key. Every key is quoted in backticks, as a dash in a
 * key would otherwise read as a minus.
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

	private Set<Long> search(String query) {
		Set<Long> ids = new HashSet<>();
		String cursor = null;
		do {
			EntityPage page;
			try {
				page = client.entities(query, cursor);
			}
			catch (NerdGraphException.Refused ex) {
				throw new UserFacingException("selecting applications by tags asks NerdGraph's entity search, which "
						+ "refused: " + ex.getMessage() + " (tags need a user key, NRAK-..., that NerdGraph accepts; a "
						+ "REST-only key does not)");
			}
			page.entities().stream().map(Entity::applicationId).filter(Objects::nonNull).forEach(ids::add);
			cursor = page.nextCursor();
		}
		while (cursor != null);
		return ids;
	}

	/** The search for one value of one tag in the account. */
	static String query(long accountId, String key, String value) {
		return "domain = 'APM' AND type = 'APPLICATION' AND accountId = " + accountId + " AND tags.`"
				+ key.replace("`", "") + "` = '" + value.replace("\\", "\\\\").replace("'", "\\'") + "'";
	}

}
