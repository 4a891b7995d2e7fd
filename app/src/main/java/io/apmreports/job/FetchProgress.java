package io.apmreports.job;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.batch.core.ExitStatus;
import org.springframework.batch.core.listener.ItemWriteListener;
import org.springframework.batch.core.listener.StepExecutionListener;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.batch.infrastructure.item.Chunk;

import io.apmreports.source.FigureSource;
import io.apmreports.source.StagedApplication;
import io.apmreports.source.access.LogContext;

/**
 * Tells how a fetch step is going, every few seconds: applications done of the total and
 * the time left at that pace (see {@link RunProgress#line}). On an interactive terminal
 * it draws a progress bar among the other steps' ({@link ProgressBars}) instead of log
 * lines. As the step starts, it keeps the step's total in the step's context, where
 * {@link RunProgress} finds it from any process.
 */
class FetchProgress implements StepExecutionListener, ItemWriteListener<StagedApplication> {

	private static final Logger log = LoggerFactory.getLogger(FetchProgress.class);

	private static final int BAR_WIDTH = 20;

	private final StepWords step;

	private final LongSupplier pending;

	private final FigureSource source;

	private final Duration interval;

	private final ProgressBars bars;

	private final JobRepository jobRepository;

	/** Applications the source told done, as it fetches a chunk's side by side. */
	private final LongAdder told = new LongAdder();

	/** Applications of the chunks written, for a step whose source tells nothing. */
	private final LongAdder written = new LongAdder();

	private ScheduledExecutorService ticker;

	private long total;

	private long startNanos;

	private long startRequests;

	/**
	 * @param pending how many applications the step has to do, asked as it starts
	 * @param source the source whose requests per minute the lines tell, or {@code null}
	 * for a step that fetches side by side with others, whose requests it cannot tell
	 * from its own
	 */
	FetchProgress(StepWords step, LongSupplier pending, FigureSource source, Duration interval, ProgressBars bars,
			JobRepository jobRepository) {
		this.step = step;
		this.pending = pending;
		this.source = source;
		this.interval = interval;
		this.bars = bars;
		this.jobRepository = jobRepository;
	}

	@Override
	public void beforeStep(StepExecution stepExecution) {
		total = pending.getAsLong();
		// saved now rather than with the first chunk, which may take minutes
		stepExecution.getExecutionContext().putLong(RunProgress.TOTAL_KEY, total);
		jobRepository.updateExecutionContext(stepExecution);
		if (total == 0) {
			return;
		}
		startNanos = System.nanoTime();
		startRequests = source == null ? 0 : source.requests().total();
		ticker = Executors.newSingleThreadScheduledExecutor(runnable -> {
			Thread thread = new Thread(runnable, "fetch-progress");
			thread.setDaemon(true);
			return thread;
		});
		long id = stepExecution.getId();
		ticker.scheduleAtFixedRate(LogContext.wrap(() -> report(id)), interval.toMillis(), interval.toMillis(),
				TimeUnit.MILLISECONDS);
	}

	/**
	 * What the source tells as each application is done. It counts into this step's tally
	 * directly: the source tells from its own threads, where a step-scoped proxy of this
	 * listener could not find the step.
	 */
	FigureSource.Progress counter() {
		return application -> told.increment();
	}

	@Override
	public void afterWrite(Chunk<? extends StagedApplication> items) {
		written.add(items.size());
	}

	@Override
	public ExitStatus afterStep(StepExecution stepExecution) {
		if (ticker != null) {
			ticker.shutdownNow();
			if (bars.onTerminal()) {
				bars.end(stepExecution.getId(), bar(done(), total) + " " + text());
			}
		}
		return null;
	}

	private void report(long stepExecutionId) {
		if (bars.onTerminal()) {
			bars.show(stepExecutionId, bar(done(), total) + " " + text());
		}
		else {
			log.info(text());
		}
	}

	private String text() {
		Duration elapsed = Duration.ofNanos(System.nanoTime() - startNanos);
		long requests = source == null ? -1 : source.requests().total() - startRequests;
		return line(step, done(), total, requests, elapsed);
	}

	private long done() {
		return Math.max(told.sum(), written.sum());
	}

	/**
	 * "Fetching figures: 12 of 40 applications, about 2 min left, 310 requests/min": the
	 * time left only once an application is done, as there is no pace to tell it by
	 * before; the requests only when {@code requests} is not negative.
	 */
	static String line(StepWords step, long done, long total, long requests, Duration elapsed) {
		String line = new RunProgress(step.stepName(), step.section(), done, total,
				RunProgress.left(done, total, elapsed))
			.line();
		if (requests < 0) {
			return line;
		}
		double minutes = elapsed.toNanos() / 60e9;
		return line + ", " + (minutes > 0 ? Math.round(requests / minutes) : 0) + " requests/min";
	}

	/** "[######### ]", filled as far as the fetch is done. */
	static String bar(long done, long total) {
		int filled = total == 0 ? BAR_WIDTH : (int) Math.min(BAR_WIDTH, BAR_WIDTH * done / total);
		return "[" + "#".repeat(filled) + " ".repeat(BAR_WIDTH - filled) + "]";
	}

}
