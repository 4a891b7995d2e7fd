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
		if (!(results instanceof Map<?, ?> page)) {
			throw unreadable("entity-search", "no entities list");
		}
		Object cursor = page.get("nextCursor");
		if (cursor != null && !(cursor instanceof String)) {
			throw unreadable("entity-search", "nextCursor is not a string");
		}
		String next = (String) cursor;
		return new EntityPage(entities(page.get("entities"), "entity-search"),
				next == null || next.isEmpty() ? null : next);
	}

	/**
	 * The entities of a list an answer holds; what is not that shape is rejected, naming
	 * the request.
	 */
	static List<Entity> entities(Object answered, String request) {
		if (!(answered instanceof List<?> list)) {
			throw unreadable(request, "no entities list");
		}
		List<Entity> entities = new ArrayList<>(list.size());
		for (Object entity : list) {
			if (!(entity instanceof Map<?, ?> map)) {
				throw unreadable(request, "an entity is not an object");
			}
			try {
				entities.add(Entity.read(map));
			}
			catch (IllegalArgumentException ex) {
				throw unreadable(request, "an entity is malformed: " + ex.getMessage());
			}
		}
		return entities;
	}

	private static NerdGraphException.Rejected unreadable(String request, String why) {
		return new NerdGraphException.Rejected(request + " request: unreadable answer, " + why);
	}

}
