package io.apmreports.source.rest.client;

import java.net.URI;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;

/**
 * Walks a list page by page. While the caller works through one page, the next is already
 * on its way (one request at a time, never more), so a long list costs little more than
 * its requests' latency.
 *
 * @param <T> the item type
 */
final class PageIterator<T> implements Iterator<T> {

	/**
	 * Fetches the next page of a list while the current one is being used; daemon
	 * threads, made as needed.
	 */
	private static final ExecutorService PAGE_FETCHER = Executors.newCachedThreadPool(runnable -> {
		Thread thread = new Thread(runnable, "apm-next-page");
		thread.setDaemon(true);
		return thread;
	});

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
			Page<T> page = await(nextPage);
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
		return CompletableFuture.supplyAsync(() -> fetch.apply(uri), PAGE_FETCHER);
	}

	private static <P> P await(CompletableFuture<P> page) {
		try {
			return page.join();
		}
		catch (CompletionException ex) {
			if (ex.getCause() instanceof RuntimeException cause) {
				throw cause;
			}
			throw ex;
		}
	}

}
