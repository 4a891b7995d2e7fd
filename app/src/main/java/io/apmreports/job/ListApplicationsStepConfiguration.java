package io.apmreports.job;

import org.springframework.batch.core.configuration.annotation.StepScope;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.listener.StepExecutionListener;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.Step;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.batch.core.step.builder.StepBuilder;
import org.springframework.batch.infrastructure.item.ItemWriter;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
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
					applications.clear(StepExecutions.instanceId(stepExecution));
				}
			})
			.build();
	}

	@Bean
	@StepScope
	ApplicationListReader applicationListReader(FigureSources sources, LaunchedDefinition definitions,
			ObjectProvider<ApplicationTags> tags, @Value("#{stepExecution}") StepExecution stepExecution) {
		// tags are asked only of a selection that names some, or a report grouped by one:
		// a REST-only setup without them never needs NerdGraph
		ReportDefinition definition = StepExecutions.definition(definitions, stepExecution);
		JobParameters parameters = stepExecution.getJobParameters();
		SourceKind kind = SourceKind.ofRecorded(ReportRun.source(parameters));
		return new ApplicationListReader(account -> sources.of(kind, account), ReportRun.accounts(parameters).ids(),
				definition.applications(), tags::getObject, definition.groupBy(),
				stepExecution.getJobExecution().getExecutionContext());
	}

	@Bean
	@StepScope
	ItemWriter<StagedApplication> stagedApplicationWriter(StagedApplications applications,
			@Value("#{stepExecution}") StepExecution stepExecution) {
		long instanceId = StepExecutions.instanceId(stepExecution);
		return chunk -> applications.save(instanceId, chunk.getItems());
	}

}
