package io.apmreports.sandbox;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Cuts a list into the pages the {@code page} parameter asks for, with the service's
 * {@code Link} header.
 */
final class Paging {

	private static final JsonMapper JSON = Answer.JSON;

	private final int pageSize;

	private final String baseUrl;

	Paging(int pageSize, String baseUrl) {
		this.pageSize = pageSize;
		this.baseUrl = baseUrl;
	}

	/**
	 * The requested page of {@code items} under {@code envelope}; a page past the last is
	 * empty.
	 */
	<T> Answer page(String path, QueryParameters query, List<T> items, String envelope,
			Function<T, ObjectNode> toJson) {
		int pages = Math.max(1, (items.size() + pageSize - 1) / pageSize);
		int page = pageNumber(query.first("page"));
		ObjectNode body = JSON.createObjectNode();
		ArrayNode array = body.putArray(envelope);
		int start = (int) Math.min(items.size(), (long) (page - 1) * pageSize);
		int end = Math.min(items.size(), start + pageSize);
		for (T item : items.subList(start, end)) {
			array.add(toJson.apply(item));
		}
		return new Answer(200, body, pages > 1 ? link(path, query, page, pages) : null);
	}

	private String link(String path, QueryParameters query, int page, int pages) {
		String prefix = "<" + baseUrl + path + "?page=";
		String rest = query.rawWithoutPage() + ">; rel=\"";
		List<String> parts = new ArrayList<>();
		if (page < pages) {
			parts.add(prefix + (page + 1) + rest + "next\"");
		}
		parts.add(prefix + pages + rest + "last\"");
		if (page > 1) {
			parts.add(prefix + 1 + rest + "first\"");
			parts.add(prefix + Math.min(page - 1, pages) + rest + "prev\"");
		}
		return String.join(", ", parts);
	}

	private static int pageNumber(String text) {
		if (text == null || text.isBlank()) {
			return 1;
		}
		try {
			return Math.max(1, Integer.parseInt(text.strip()));
		}
		catch (NumberFormatException e) {
			throw ApiException.invalid("Invalid value for 'page': " + text);
		}
	}

}
