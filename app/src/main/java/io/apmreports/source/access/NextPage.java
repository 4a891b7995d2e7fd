package io.apmreports.source.access;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;

/**
 * The next page of a listing, asked for while the current one is used: REST's next link,
 * NRQL's next entity search cursor. Daemon threads, made as needed.
 */
public final class NextPage {

	private static final ExecutorService PAGE_FETCHER = Executors.newCachedThreadPool(runnable -> {
		Thread thread = new Thread(runnable, "apm-next-page");
		thread.setDaemon(true);
		return thread;
	});

	private NextPage() {
	}

	/** Starts asking for a page. */
	public static <P> CompletableFuture<P> ask(Supplier<P> page) {
		return CompletableFuture.supplyAsync(LogContext.carried(page), PAGE_FETCHER);
	}

	/** The page, or the failure that asking for it threw, as it was thrown. */
	public static <P> P await(CompletableFuture<P> page) {
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
