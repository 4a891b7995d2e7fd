package io.apmreports.nrql;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;

import org.springframework.scheduling.concurrent.CustomizableThreadFactory;

/**
 * The threads the parts of a chunk are asked on, side by side; the client bounds how many
 * queries are in flight.
 */
final class QueryThreads implements AutoCloseable {

	private final ExecutorService executor;

	QueryThreads(int threads) {
		CustomizableThreadFactory factory = new CustomizableThreadFactory("nrql-");
		// a run that has ended never waits for an idle query thread to exit
		factory.setDaemon(true);
		executor = Executors.newFixedThreadPool(threads, factory);
	}

	/** {@code ask} of every part, in order; the first failure is thrown as it was. */
	<P, T> List<T> each(List<P> parts, Function<P, T> ask) {
		if (parts.size() == 1) {
			return List.of(ask.apply(parts.get(0)));
		}
		List<Future<T>> answers = new ArrayList<>(parts.size());
		parts.forEach(part -> answers.add(executor.submit(() -> ask.apply(part))));
		try {
			List<T> results = new ArrayList<>(answers.size());
			for (Future<T> answer : answers) {
				results.add(await(answer));
			}
			return results;
		}
		finally {
			// after a failure the chunk is rolled back: what has not started would be
			// asked in vain
			answers.forEach(answer -> answer.cancel(false));
		}
	}

	private static <T> T await(Future<T> answer) {
		try {
			return answer.get();
		}
		catch (ExecutionException ex) {
			if (ex.getCause() instanceof RuntimeException failure) {
				throw failure;
			}
			if (ex.getCause() instanceof Error error) {
				throw error;
			}
			throw new IllegalStateException(ex.getCause());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted while a chunk was being asked for", ex);
		}
	}

	@Override
	public void close() {
		executor.shutdownNow();
	}

}
