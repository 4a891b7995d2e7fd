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

import io.apmreports.definition.ReportDefinition;
import io.apmreports.report.ReportContent;
import io.apmreports.staging.CurrentFigures;

/**
 * The steps after the fetches, in step order: {@code checkFailures} (too many failed
 * applications fail the run before anything is written), {@code writeFiles} (the staging
 * tables into files, published atomically) and {@code deliver} (an e-mail per recipient,
 * each recorded as it is sent).
 */
@Configuration(proxyBeanMethods = false)
class OutputStepsConfiguration {

	static final String WRITE_FILES = "writeFiles";

	static final String DELIVER = "deliver";

	@Bean
	Step checkFailures(JobRepository jobRepository, PlatformTransactionManager transactionManager,
			Tasklet failureShareCheck) {
		return new StepBuilder("checkFailures", jobRepository).tasklet(failureShareCheck, transactionManager).build();
	}

	@Bean
	@StepScope
	Tasklet failureShareCheck(CurrentFigures figures, ReportProperties properties, LaunchedRun launched) {
		ReportDefinition definition = launched.definition();
		if (CostSections.only(definition)) {
			// no application was listed, and none was meant to be
			return (contribution, chunkContext) -> RepeatStatus.FINISHED;
		}
		return new FailureShareCheck(figures, properties.maxFailedShare(), definition.name(), launched.run().team(),
				definition.applications());
	}

	@Bean
	Step writeFiles(JobRepository jobRepository, PlatformTransactionManager transactionManager,
			WriteFilesTasklet writeFilesTasklet) {
		return new StepBuilder(WRITE_FILES, jobRepository).tasklet(writeFilesTasklet, transactionManager).build();
	}

	@Bean
	@StepScope
	WriteFilesTasklet writeFilesTasklet(ReportContent content, Clock clock, LaunchedRun launched, RunDigests digests) {
		return new WriteFilesTasklet(content, launched, clock, digests);
	}

	/**
	 * Its own step, so that a failure to send never fetches or writes again, and a
	 * restart sends only the rest.
	 */
	@Bean
	Step deliver(JobRepository jobRepository, PlatformTransactionManager transactionManager,
			DeliverTasklet deliverTasklet) {
		return new StepBuilder(DELIVER, jobRepository).tasklet(deliverTasklet, transactionManager).build();
	}

	@Bean
	@StepScope
	DeliverTasklet deliverTasklet(RunDeliveries deliveries, LaunchedRun launched) {
		return new DeliverTasklet(deliveries, launched);
	}

}
