package io.apmreports.source.rest.client;

import java.net.URI;
import java.util.List;
import java.util.Optional;

/**
 * One page of a list, and where the next one is ({@code Link: rel="next"}), if any.
 *
 * @param items this page's records
 * @param next the next page
 * @param <T> record type
 */
record Page<T>(List<T> items, Optional<URI> next) {

	Page {
		items = List.copyOf(items);
	}

}
