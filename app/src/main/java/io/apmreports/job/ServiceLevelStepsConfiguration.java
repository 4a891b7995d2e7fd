package io.apmreports.job;

import java.time.Clock;

import org.springframework.batch.core.configuration.annotation.StepScope;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.Step;
import org.springframework.batch.core.step.builder.StepBuilder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.transaction.PlatformTransactionManager;

import io.apmreports.definition.Section;
import io.apmreports.definition.SourceKind;
import io.apmreports.history.FigureHistory;
import io.apmreports.source.FigureSource;
import io.apmreports.source.FigureSources;
import io.apmreports.staging.StagedServiceLevels;

/**
 * The service-level report's steps, after the applications are listed:
 * {@code fetchServiceLevels} (the levels of the listed applications and their months) and
 * {@code fetchSla} (the SLA months of the applications without levels). Each does nothing
 * for a report without the service-levels section.
 */
@Configuration(proxyBeanMethods = false)
class ServiceLevelStepsConfiguration {

	/** The applications whose twelve months one transaction of the SLA step stages. */
	private static final int SLA_APPLICATIONS_PER_TRANSACTION = 20;

	@Bean
	Step fetchServiceLevels(JobRepository jobRepository, PlatformTransactionManager transactionManager,
			FetchServiceLevelsTasklet fetchServiceLevelsTasklet) {
		return new StepBuilder(StepWords.SERVICE_LEVELS.stepName(), jobRepository)
			.tasklet(fetchServiceLevelsTasklet, transactionManager)
			.build();
	}

	@Bean
	@StepScope
	FetchServiceLevelsTasklet fetchServiceLevelsTasklet(FigureSources sources, StagedServiceLevels tables,
			LaunchedRun launched) {
		SourceKind kind = SourceKind.ofRecorded(launched.run().source());
		return new FetchServiceLevelsTasklet(
				launched.definition().has(Section.SERVICE_LEVELS) ? account -> sources.of(kind, account) : null, tables,
				launched);
	}

	@Bean
	Step fetchSla(JobRepository jobRepository, PlatformTransactionManager transactionManager,
			FetchSlaTasklet fetchSlaTasklet) {
		return new StepBuilder(StepWords.SLA.stepName(), jobRepository).tasklet(fetchSlaTasklet, transactionManager)
			.build();
	}

	@Bean
	@StepScope
	FetchSlaTasklet fetchSlaTasklet(FigureSource source, FigureHistory history, StagedServiceLevels tables, Clock clock,
			LaunchedRun launched) {
		return new FetchSlaTasklet(launched.definition().has(Section.SERVICE_LEVELS) ? source : null, history, tables,
				launched, clock, SLA_APPLICATIONS_PER_TRANSACTION);
	}

}
