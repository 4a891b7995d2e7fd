package io.apmreports.web;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.concurrent.ThreadPoolTaskExecutor;

/**
 * The threads the console's launches and restarts run on: a few, so that a burst of
 * clicks cannot start more runs at once than the service's rate limit serves, and a queue
 * of a few more.
 */
@Configuration(proxyBeanMethods = false)
class ConsoleExecutor {

	/** Runs of this console going on at once. */
	static final int THREADS = 3;

	/** Launches waiting for a thread; more are refused. */
	static final int QUEUED = 6;

	/**
	 * How long closing the context waits for runs, asked to stop at their chunk's end, to
	 * end: as long as SIGTERM's hook waits.
	 */
	static final int STOP_SECONDS = 120;

	@Bean
	ThreadPoolTaskExecutor consoleLaunches() {
		ThreadPoolTaskExecutor threads = new ThreadPoolTaskExecutor();
		threads.setThreadNamePrefix("console-launch-");
		threads.setCorePoolSize(THREADS);
		threads.setMaxPoolSize(THREADS);
		threads.setQueueCapacity(QUEUED);
		// a run is never cut off mid-chunk: LaunchThreads asks it to stop, and this waits
		threads.setWaitForTasksToCompleteOnShutdown(true);
		threads.setAwaitTerminationSeconds(STOP_SECONDS);
		return threads;
	}

}
