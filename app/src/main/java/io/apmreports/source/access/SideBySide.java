package io.apmreports.source.access;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
import java.util.function.Supplier;

import org.springframework.scheduling.concurrent.CustomizableThreadFactory;

/**
 * The threads a source asks the parts of a chunk on, side by side: the time goes in
 * waiting for the service, whose client paces and retries them all together. REST asks
 * per application, NRQL per query.
 */
public final class SideBySide implements AutoCloseable {

	private final ExecutorService executor;

	/**
	 * @param threads how many parts are asked at the same time
	 * @param name the threads' name prefix, for the log
	 */
	public SideBySide(int threads, String name) {
		CustomizableThreadFactory factory = new CustomizableThreadFactory(name + "-");
		// a run that has ended never waits for an idle thread to exit
		factory.setDaemon(true);
		executor = Executors.newFixedThreadPool(threads, factory);
	}

	/** {@code ask} of every part, in order; the first failure is thrown as it was. */
	public <P, T> List<T> each(List<P> parts, Function<P, T> ask) {
		if (parts.size() == 1) {
			return List.of(ask.apply(parts.get(0)));
		}
		List<Future<T>> answers = new ArrayList<>(parts.size());
		parts.forEach(part -> {
			Supplier<T> asked = LogContext.carried(() -> ask.apply(part));
			answers.add(executor.submit(asked::get));
		});
		try {
			List<T> results = new ArrayList<>(answers.size());
			for (Future<T> answer : answers) {
				results.add(await(answer));
			}
			return results;
		}
		finally {
			// after a failure the chunk is rolled back: what has not started yet would be
			// asked for in vain
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
