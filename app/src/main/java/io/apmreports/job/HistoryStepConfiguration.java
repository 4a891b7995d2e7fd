package io.apmreports.job;

import java.time.Clock;

import org.springframework.batch.core.configuration.annotation.StepScope;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.Step;
import org.springframework.batch.core.step.builder.StepBuilder;
import org.springframework.batch.core.step.tasklet.Tasklet;
import org.springframework.batch.infrastructure.repeat.RepeatStatus;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.transaction.PlatformTransactionManager;

import io.apmreports.history.FigureHistory;
import io.apmreports.history.HistoryRows;
import io.apmreports.staging.ApplicationRows;

/**
 * {@code recordHistory}, after the failure check and before the files are written: the
 * run's period into the kept history ({@link RecordHistoryTasklet}), for a report of the
 * applications' figures.
 */
@Configuration(proxyBeanMethods = false)
class HistoryStepConfiguration {

	@Bean
	Step recordHistory(JobRepository jobRepository, PlatformTransactionManager transactionManager,
			Tasklet recordHistoryTasklet) {
		return new StepBuilder(StepWords.RECORD_HISTORY.stepName(), jobRepository)
			.tasklet(recordHistoryTasklet, transactionManager)
			.build();
	}

	@Bean
	@StepScope
	Tasklet recordHistoryTasklet(ApplicationRows applications, FigureHistory history, LaunchedRun launched,
			Clock clock) {
		if (!HistoryRows.keeps(launched.definition())) {
			return (contribution, chunkContext) -> RepeatStatus.FINISHED;
		}
		return new RecordHistoryTasklet(applications, history, launched, clock);
	}

}
