package io.apmreports.job;

import java.time.Clock;

import org.springframework.batch.core.configuration.annotation.StepScope;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.Step;
import org.springframework.batch.core.step.builder.StepBuilder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.transaction.PlatformTransactionManager;

import io.apmreports.definition.ReportDefinition;
import io.apmreports.definition.Section;
import io.apmreports.definition.SourceKind;
import io.apmreports.source.FigureSource;
import io.apmreports.source.FigureSources;
import io.apmreports.staging.CostTables;
import io.apmreports.staging.IngestEstimates;

/**
 * The cost report's steps, after the sections' fetches: {@code measureIngest} (the daily
 * byte estimates not kept yet) and {@code stageCost} (the month's bill, split and
 * staged). Each does nothing for a report without its section.
 */
@Configuration(proxyBeanMethods = false)
class CostStepsConfiguration {

	@Bean
	Step measureIngest(JobRepository jobRepository, PlatformTransactionManager transactionManager,
			MeasureIngestTasklet measureIngestTasklet) {
		return new StepBuilder(StepWords.MEASURE_INGEST.stepName(), jobRepository)
			.tasklet(measureIngestTasklet, transactionManager)
			.build();
	}

	@Bean
	@StepScope
	MeasureIngestTasklet measureIngestTasklet(FigureSources sources, IngestEstimates estimates, Clock clock,
			ReportProperties properties, LaunchedRun launched) {
		boolean measures = CostSections.measures(launched.definition());
		return new MeasureIngestTasklet(measures ? runSource(sources, launched) : null,
				measures ? UsageRun.usage(sources, launched) : null, estimates, launched, clock,
				properties.ingestEstimatesKeepFor(), UsageRun.retentionDays(launched, properties.eventRetentionDays()));
	}

	@Bean
	Step stageCost(JobRepository jobRepository, PlatformTransactionManager transactionManager,
			StageCostTasklet stageCostTasklet) {
		return new StepBuilder(StepWords.STAGE_COST.stepName(), jobRepository)
			.tasklet(stageCostTasklet, transactionManager)
			.build();
	}

	@Bean
	@StepScope
	StageCostTasklet stageCostTasklet(FigureSources sources, IngestEstimates estimates, CostTables tables,
			LaunchedRun launched) {
		ReportDefinition definition = launched.definition();
		return new StageCostTasklet(definition.has(Section.COST) ? UsageRun.usage(sources, launched) : null, estimates,
				tables, launched);
	}

	private static FigureSource runSource(FigureSources sources, LaunchedRun launched) {
		return sources.of(SourceKind.ofRecorded(launched.run().source()), launched.run().accounts().ids().get(0));
	}

}
