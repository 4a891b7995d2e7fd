package io.apmreports.job;

import java.time.Clock;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;

import org.springframework.batch.core.scope.context.ChunkContext;
import org.springframework.batch.core.step.StepContribution;
import org.springframework.batch.core.step.tasklet.Tasklet;
import org.springframework.batch.infrastructure.repeat.RepeatStatus;

import io.apmreports.source.FigureSource;
import io.apmreports.staging.KeyTransactions;

/**
 * Reads every key transaction with its rolling 10-minute summary, as it is at the time of
 * the run: the service offers no figures of a range for them.
 */
class KeyTransactionsTasklet implements Tasklet {

	private final FigureSource source;

	private final KeyTransactions keyTransactions;

	private final boolean enabled;

	private final Clock clock;

	KeyTransactionsTasklet(FigureSource source, KeyTransactions keyTransactions, boolean enabled, Clock clock) {
		this.source = source;
		this.keyTransactions = keyTransactions;
		this.enabled = enabled;
		this.clock = clock;
	}

	@Override
	public RepeatStatus execute(StepContribution contribution, ChunkContext chunkContext) {
		if (enabled) {
			long instanceId = chunkContext.getStepContext().getJobInstanceId();
			keyTransactions.save(instanceId, source.keyTransactions(),
					OffsetDateTime.now(clock).truncatedTo(ChronoUnit.SECONDS));
		}
		return RepeatStatus.FINISHED;
	}

}
