package io.apmreports.job;

import java.util.List;

import org.springframework.batch.core.configuration.annotation.StepScope;
import org.springframework.batch.core.listener.StepExecutionListener;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.Step;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.batch.core.step.builder.StepBuilder;
import org.springframework.batch.infrastructure.item.ItemWriter;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.transaction.PlatformTransactionManager;

import io.apmreports.definition.ReportDefinition;
import io.apmreports.definition.SourceKind;
import io.apmreports.source.ApplicationTags;
import io.apmreports.source.FigureSources;
import io.apmreports.source.StagedApplication;
import io.apmreports.staging.StagedApplications;

/**
 * The first step, {@code listApplications}: the applications of the report's filter, from
 * the source into staging.
 */
@Configuration(proxyBeanMethods = false)
class ListApplicationsStepConfiguration {

	@Bean
	Step listApplications(JobRepository jobRepository, PlatformTransactionManager transactionManager,
			ApplicationListReader applicationListReader, ItemWriter<StagedApplication> stagedApplicationWriter,
			StagedApplications applications, ReportProperties properties) {
		return new StepBuilder("listApplications", jobRepository)
			.<StagedApplication, StagedApplication>chunk(properties.chunkSize())
			.transactionManager(transactionManager)
			.reader(applicationListReader)
			.writer(stagedApplicationWriter)
			.listener(new StepExecutionListener() {
				@Override
				public void beforeStep(StepExecution stepExecution) {
					// a listing restarted after a crash starts over, so drop what the
					// earlier attempt staged
					applications.clear(stepExecution.getJobExecution().getJobInstance().getInstanceId());
				}
			})
			.build();
	}

	@Bean
	@StepScope
	ApplicationListReader applicationListReader(FigureSources sources, ObjectProvider<ApplicationTags> tags,
			LaunchedRun launched) {
		// tags are asked only of a selection that names some, or a report grouped by one:
		// a REST-only setup without them never needs NerdGraph
		ReportDefinition definition = launched.definition();
		SourceKind kind = SourceKind.ofRecorded(launched.run().source());
		// a report of usage events alone lists no account's applications: their figures
		// would be fetched for nothing
		return new ApplicationListReader(account -> sources.of(kind, account),
				CostSections.only(definition) ? List.of() : launched.run().accounts().ids(), definition.applications(),
				tags::getObject, definition.groupBy(), launched.execution().getExecutionContext());
	}

	@Bean
	@StepScope
	ItemWriter<StagedApplication> stagedApplicationWriter(StagedApplications applications, LaunchedRun launched) {
		long instanceId = launched.instanceId();
		return chunk -> applications.save(instanceId, chunk.getItems());
	}

}
