package io.apmreports.source.access;

import java.util.Map;
import java.util.function.Supplier;

import org.slf4j.MDC;

/**
 * The run id and report a log line carries (SLF4J's MDC), taken along to the threads that
 * do a run's work side by side, so that every line of a run can be found by them.
 */
public final class LogContext {

	private LogContext() {
	}

	/** {@code task}, run with the log context of the thread that made it. */
	public static Runnable wrap(Runnable task) {
		Supplier<Void> carried = carried(() -> {
			task.run();
			return null;
		});
		return carried::get;
	}

	/** The same for a task with an answer. */
	static <T> Supplier<T> carried(Supplier<T> task) {
		Map<String, String> context = MDC.getCopyOfContextMap();
		return () -> {
			Map<String, String> before = MDC.getCopyOfContextMap();
			set(context);
			try {
				return task.get();
			}
			finally {
				set(before);
			}
		};
	}

	private static void set(Map<String, String> context) {
		if (context == null) {
			MDC.clear();
		}
		else {
			MDC.setContextMap(context);
		}
	}

}
