package io.apmreports.job;

import java.time.Clock;
import java.time.OffsetDateTime;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.batch.core.scope.context.ChunkContext;
import org.springframework.batch.core.step.StepContribution;
import org.springframework.batch.core.step.tasklet.Tasklet;
import org.springframework.batch.infrastructure.repeat.RepeatStatus;

import io.apmreports.history.FigureHistory;
import io.apmreports.history.HistoryKey;
import io.apmreports.history.HistoryOrigin;
import io.apmreports.history.HistoryRows;
import io.apmreports.staging.ApplicationRows;

/**
 * Keeps the run's period in the history: the report's headline, each account's, team's
 * and counted application's figures, as the staging tables hold them. Before the files
 * are written, so that the report can draw its own period among the kept ones; an upsert,
 * so that a restarted or forced run of the period keeps it once.
 */
class RecordHistoryTasklet implements Tasklet {

	private static final Logger log = LoggerFactory.getLogger(RecordHistoryTasklet.class);

	private final ApplicationRows applications;

	private final FigureHistory history;

	private final LaunchedRun launched;

	private final Clock clock;

	RecordHistoryTasklet(ApplicationRows applications, FigureHistory history, LaunchedRun launched, Clock clock) {
		this.applications = applications;
		this.history = history;
		this.launched = launched;
		this.clock = clock;
	}

	@Override
	public RepeatStatus execute(StepContribution contribution, ChunkContext chunkContext) {
		ReportRun run = launched.run();
		HistoryRows rows = new HistoryRows(run.range(), run.accounts(), launched.definition().groupBy() != null,
				HistoryOrigin.RUN, launched.execution().getId());
		applications.forEachCountedApplication(launched.instanceId(), rows::add);
		var kept = rows.rows();
		history.replace(key(run), run.range(), kept, OffsetDateTime.now(clock));
		contribution.incrementWriteCount(kept.size());
		log.info("Kept {} history rows of {}", kept.size(), run.range());
		return RepeatStatus.FINISHED;
	}

	/** Whose history a run's is: its report, source, accounts and team. */
	static HistoryKey key(ReportRun run) {
		return HistoryKey.of(run.report(), run.source(), run.accounts(), run.team());
	}

}
