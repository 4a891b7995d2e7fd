package io.apmreports.source.rest.client;

import java.net.URI;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

import io.apmreports.source.access.NextPage;

/**
 * Walks a list page by page. While the caller works through one page, the next is already
 * on its way (one request at a time, never more), so a long list costs little more than
 * its requests' latency.
 *
 * @param <T> the item type
 */
final class PageIterator<T> implements Iterator<T> {

	private final Function<URI, Page<T>> fetch;

	private Iterator<T> current = List.<T>of().iterator();

	private CompletableFuture<Page<T>> nextPage;

	// pages already asked for: a service whose next links run in a circle must not page
	// forever
	private final Set<URI> visited = new HashSet<>();

	PageIterator(URI first, Function<URI, Page<T>> fetch) {
		this.fetch = fetch;
		this.nextPage = request(first);
	}

	@Override
	public boolean hasNext() {
		while (!current.hasNext() && nextPage != null) {
			Page<T> page = NextPage.await(nextPage);
			current = page.items().iterator();
			nextPage = page.next().map(this::request).orElse(null);
		}
		return current.hasNext();
	}

	@Override
	public T next() {
		if (!hasNext()) {
			throw new NoSuchElementException();
		}
		return current.next();
	}

	private CompletableFuture<Page<T>> request(URI uri) {
		if (!visited.add(uri)) {
			throw ResponseReader.unreadable(ApmExchange.describe(uri),
					"its Link rel=\"next\" leads back to a page already read");
		}
		return NextPage.ask(() -> fetch.apply(uri));
	}

}
