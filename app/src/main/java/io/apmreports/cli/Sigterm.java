package io.apmreports.cli;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import org.slf4j.LoggerFactory;

/**
 * What SIGTERM (or Ctrl+C) does to a command: a run going on stops at the end of its
 * chunk, so that it ends STOPPED and can be restarted instead of being cut off mid-chunk,
 * and the JVM ends once the job repository is closed with what the run saved. The JVM
 * then exits with 143 after SIGTERM, 130 after Ctrl+C (SIGINT).
 */
final class Sigterm {

	private static final long STOP_TIMEOUT_SECONDS = 120;

	private Sigterm() {
	}

	/**
	 * Runs {@code body} in this thread. On SIGTERM the shutdown hook calls {@code stop}
	 * (which asks a run to stop at the end of its chunk) and waits for the body to end,
	 * then for {@code closed}: the Spring context's closing, which closes the job
	 * repository.
	 */
	static <T> T stoppable(Runnable stop, CountDownLatch closed, Supplier<T> body) {
		CountDownLatch finished = new CountDownLatch(1);
		Thread hook = new Thread(() -> {
			long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(STOP_TIMEOUT_SECONDS);
			try {
				// asked again every second: a run that started just after the first ask
				// is stopped too
				do {
					askToStop(stop);
				}
				while (!finished.await(1, TimeUnit.SECONDS) && System.nanoTime() < deadline);
				closed.await(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}, "apm-reports-stop");
		Runtime.getRuntime().addShutdownHook(hook);
		try {
			return body.get();
		}
		finally {
			finished.countDown();
			try {
				Runtime.getRuntime().removeShutdownHook(hook);
			}
			catch (IllegalStateException ex) {
				// the JVM is shutting down already: the hook is running and now sees the
				// run finished
			}
		}
	}

	/** Waits for SIGTERM (or Ctrl+C), for a command that serves until then. */
	static void await() throws InterruptedException {
		CountDownLatch stopped = new CountDownLatch(1);
		Runtime.getRuntime().addShutdownHook(new Thread(stopped::countDown));
		stopped.await();
	}

	private static void askToStop(Runnable stop) {
		try {
			stop.run();
		}
		catch (RuntimeException ex) {
			// the job repository may be gone already; the console keeps its one line, the
			// log file gets the detail
			LoggerFactory.getLogger("apm-reports.failures").warn("Could not ask the run to stop", ex);
		}
	}

}
