package io.apmreports.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Runs tasks on threads of their own, released together by a latch once all are ready:
 * two nodes acting at once.
 */
public final class AtTheSameMoment {

	private AtTheSameMoment() {
	}

	/**
	 * Runs all at once, and answers their results in order; the first failure is thrown.
	 */
	@SafeVarargs
	public static <T> List<T> run(Callable<T>... tasks) throws Exception {
		ExecutorService executor = Executors.newFixedThreadPool(tasks.length);
		try {
			CountDownLatch ready = new CountDownLatch(tasks.length);
			CountDownLatch go = new CountDownLatch(1);
			List<Future<T>> futures = new ArrayList<>();
			for (Callable<T> task : tasks) {
				futures.add(executor.submit(() -> {
					ready.countDown();
					go.await();
					return task.call();
				}));
			}
			ready.await();
			go.countDown();
			List<T> results = new ArrayList<>();
			for (Future<T> future : futures) {
				results.add(future.get());
			}
			return results;
		}
		finally {
			executor.shutdownNow();
		}
	}

}
