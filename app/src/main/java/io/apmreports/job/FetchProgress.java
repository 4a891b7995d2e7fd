package io.apmreports.job;

import java.io.PrintStream;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.batch.core.ExitStatus;
import org.springframework.batch.core.listener.StepExecutionListener;
import org.springframework.batch.core.step.StepExecution;

import io.apmreports.source.FigureSource;
import io.apmreports.staging.StagedApplications;

/**
 * Tells how a long fetch is going, every few seconds: applications done of the total,
 * requests per minute, and the time left at that pace. On an interactive terminal it
 * draws a progress bar instead of log lines.
 */
class FetchProgress implements StepExecutionListener {

	private static final Logger log = LoggerFactory.getLogger(FetchProgress.class);

	private static final int BAR_WIDTH = 30;

	private final StagedApplications applications;

	private final FigureSource source;

	private final Duration interval;

	private final PrintStream terminal;

	private final LongAdder done = new LongAdder();

	private ScheduledExecutorService ticker;

	private long total;

	private long startNanos;

	private long startRequests;

	/**
	 * @param terminal where to draw a progress bar, or {@code null} to log lines instead
	 */
	FetchProgress(StagedApplications applications, FigureSource source, Duration interval, PrintStream terminal) {
		this.applications = applications;
		this.source = source;
		this.interval = interval;
		this.terminal = terminal;
	}

	@Override
	public void beforeStep(StepExecution stepExecution) {
		total = applications.countPendingFigures(stepExecution.getJobExecution().getJobInstance().getInstanceId());
		startNanos = System.nanoTime();
		startRequests = source.requests().total();
		ticker = Executors.newSingleThreadScheduledExecutor(runnable -> {
			Thread thread = new Thread(runnable, "fetch-progress");
			thread.setDaemon(true);
			return thread;
		});
		ticker.scheduleAtFixedRate(this::report, interval.toMillis(), interval.toMillis(), TimeUnit.MILLISECONDS);
	}

	/**
	 * What the source tells as each application is done. It counts into this step's tally
	 * directly: the source tells from its own threads, where a step-scoped proxy of this
	 * listener could not find the step.
	 */
	FigureSource.Progress counter() {
		return application -> done.increment();
	}

	@Override
	public ExitStatus afterStep(StepExecution stepExecution) {
		ticker.shutdownNow();
		if (terminal != null && total > 0) {
			terminal.println();
		}
		return null;
	}

	private void report() {
		long finished = done.sum();
		Duration elapsed = Duration.ofNanos(System.nanoTime() - startNanos);
		long requests = source.requests().total() - startRequests;
		if (terminal != null) {
			terminal.print("\r" + bar(finished, total) + " " + line(finished, total, requests, elapsed) + "   ");
			terminal.flush();
		}
		else {
			log.info("Fetched {}", line(finished, total, requests, elapsed));
		}
	}

	/**
	 * "12/40 applications, 310 requests/min, about 2m5s left": the time left only once an
	 * application is done, as there is no pace to tell it by before.
	 */
	static String line(long finished, long total, long requests, Duration elapsed) {
		double minutes = elapsed.toNanos() / 60e9;
		long requestsPerMinute = minutes > 0 ? Math.round(requests / minutes) : 0;
		String left = finished == 0 ? "" : ", about "
				+ format(Duration.ofSeconds(Math.round(minutes * 60 * (total - finished) / finished))) + " left";
		return finished + "/" + total + " applications, " + requestsPerMinute + " requests/min" + left;
	}

	/** "[######### ]", filled as far as the fetch is done. */
	static String bar(long finished, long total) {
		int filled = total == 0 ? BAR_WIDTH : (int) Math.min(BAR_WIDTH, BAR_WIDTH * finished / total);
		return "[" + "#".repeat(filled) + " ".repeat(BAR_WIDTH - filled) + "]";
	}

	private static String format(Duration duration) {
		return duration.toHours() > 0 ? duration.toHours() + "h" + duration.toMinutesPart() + "m"
				: duration.toMinutes() > 0 ? duration.toMinutes() + "m" + duration.toSecondsPart() + "s"
						: duration.toSeconds() + "s";
	}

}
