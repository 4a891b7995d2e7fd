package io.apmreports.source.nrql;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One page of an entity search.
 *
 * @param entities the page's entities, in the service's order
 * @param nextCursor the next page's cursor, {@code null} on the last page
 */
record EntityPage(List<Entity> entities, String nextCursor) {

	EntityPage {
		entities = List.copyOf(entities);
	}

	/** The page an answer's {@code results} hold; what is not that shape is rejected. */
	static EntityPage read(Object results) {
		if (!(results instanceof Map<?, ?> page) || !(page.get("entities") instanceof List<?> list)) {
			throw unreadable("no entities list");
		}
		Object cursor = page.get("nextCursor");
		if (cursor != null && !(cursor instanceof String)) {
			throw unreadable("nextCursor is not a string");
		}
		List<Entity> entities = new ArrayList<>(list.size());
		for (Object entity : list) {
			if (!(entity instanceof Map<?, ?> map)) {
				throw unreadable("an entity is not an object");
			}
			try {
				entities.add(Entity.read(map));
			}
			catch (IllegalArgumentException ex) {
				throw unreadable("an entity is malformed: " + ex.getMessage());
			}
		}
		String next = (String) cursor;
		return new EntityPage(entities, next == null || next.isEmpty() ? null : next);
	}

	private static NerdGraphException.Rejected unreadable(String why) {
		return new NerdGraphException.Rejected("entity-search request: unreadable answer, " + why);
	}

}
