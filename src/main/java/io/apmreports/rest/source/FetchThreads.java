package io.apmreports.rest.source;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;

import org.springframework.scheduling.concurrent.CustomizableThreadFactory;

import io.apmreports.source.FigureSource.Progress;
import io.apmreports.staging.StagedApplication;

/**
 * The threads the applications of a chunk are fetched on. The time goes in waiting for
 * the service, so applications are asked for side by side, each by one thread from its
 * first request to its last (the client paces and retries them all together).
 */
final class FetchThreads implements AutoCloseable {

	private final ExecutorService executor;

	FetchThreads(int threads) {
		CustomizableThreadFactory factory = new CustomizableThreadFactory("fetch-");
		// a run that has ended never waits for an idle fetch thread to exit
		factory.setDaemon(true);
		executor = Executors.newFixedThreadPool(threads, factory);
	}

	/**
	 * {@code fetch} of every application, in the chunk's order; the first failure is
	 * thrown as it was.
	 */
	<T> List<T> each(List<StagedApplication> applications, Function<StagedApplication, T> fetch, Progress progress) {
		List<Future<T>> answers = new ArrayList<>(applications.size());
		for (StagedApplication application : applications) {
			answers.add(executor.submit(() -> {
				T answer = fetch.apply(application);
				progress.done(application);
				return answer;
			}));
		}
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
			throw new IllegalStateException("interrupted while a chunk was being fetched", ex);
		}
	}

	@Override
	public void close() {
		executor.shutdownNow();
	}

}
