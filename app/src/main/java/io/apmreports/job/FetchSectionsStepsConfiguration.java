package io.apmreports.job;

import java.time.Clock;
import java.util.List;

import org.springframework.batch.core.configuration.annotation.StepScope;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.Step;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.batch.core.step.builder.StepBuilder;
import org.springframework.batch.infrastructure.item.ItemStreamReader;
import org.springframework.batch.infrastructure.item.ItemWriter;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.transaction.PlatformTransactionManager;

import io.apmreports.definition.Section;
import io.apmreports.range.TimeRange;
import io.apmreports.source.FigureSource;
import io.apmreports.source.StagedApplication;
import io.apmreports.staging.CurrentFigures;
import io.apmreports.staging.Hosts;
import io.apmreports.staging.KeyTransactions;
import io.apmreports.staging.StagedApplications;
import io.apmreports.staging.Trends;

/**
 * The fetch steps of the optional sections, in step order: {@code fetchHosts},
 * {@code fetchTrends} (each a {@link FetchStep}) and {@code fetchKeyTransactions}. Each
 * does nothing for a report without its section.
 */
@Configuration(proxyBeanMethods = false)
class FetchSectionsStepsConfiguration {

	@Bean
	Step fetchHosts(JobRepository jobRepository, PlatformTransactionManager transactionManager,
			ReportProperties properties, ItemStreamReader<StagedApplication> hostsReader,
			ItemWriter<StagedApplication> hostsWriter) {
		return FetchStep.of("fetchHosts", jobRepository, transactionManager, properties, hostsReader, hostsWriter);
	}

	@Bean
	@StepScope
	ItemStreamReader<StagedApplication> hostsReader(PendingApplications pending,
			@Value("#{stepExecution}") StepExecution stepExecution) {
		// gone applications are asked for too, so that hosts.csv says they are gone
		return pending.forSections(stepExecution, StagedApplications::pendingHosts, Section.HOSTS);
	}

	@Bean
	@StepScope
	ItemWriter<StagedApplication> hostsWriter(FigureSource source, CurrentFigures figures, Hosts hosts,
			@Value("#{stepExecution}") StepExecution stepExecution) {
		long instanceId = StepExecutions.instanceId(stepExecution);
		TimeRange range = StepExecutions.range(stepExecution);
		return chunk -> hosts.save(instanceId, List.of(source.hosts(List.copyOf(chunk.getItems()), range,
				applicationId -> figures.datastoreTypes(instanceId, applicationId))));
	}

	@Bean
	Step fetchTrends(JobRepository jobRepository, PlatformTransactionManager transactionManager,
			ReportProperties properties, ItemStreamReader<StagedApplication> trendsReader,
			ItemWriter<StagedApplication> trendsWriter) {
		return FetchStep.of("fetchTrends", jobRepository, transactionManager, properties, trendsReader, trendsWriter);
	}

	@Bean
	@StepScope
	ItemStreamReader<StagedApplication> trendsReader(PendingApplications pending,
			@Value("#{stepExecution}") StepExecution stepExecution) {
		// the charts are drawn from the same series as the trends
		return pending.forSections(stepExecution, StagedApplications::pendingTrends, Section.TRENDS, Section.CHARTS);
	}

	@Bean
	@StepScope
	ItemWriter<StagedApplication> trendsWriter(FigureSource source, Trends trends,
			@Value("#{stepExecution}") StepExecution stepExecution) {
		long instanceId = StepExecutions.instanceId(stepExecution);
		TimeRange range = StepExecutions.range(stepExecution);
		return chunk -> trends.save(instanceId, List.of(source.trends(List.copyOf(chunk.getItems()), range)));
	}

	@Bean
	Step fetchKeyTransactions(JobRepository jobRepository, PlatformTransactionManager transactionManager,
			KeyTransactionsTasklet keyTransactionsTasklet) {
		return new StepBuilder("fetchKeyTransactions", jobRepository)
			.tasklet(keyTransactionsTasklet, transactionManager)
			.build();
	}

	@Bean
	@StepScope
	KeyTransactionsTasklet keyTransactionsTasklet(FigureSource source, KeyTransactions keyTransactions,
			LaunchedDefinition definitions, Clock clock, @Value("#{stepExecution}") StepExecution stepExecution) {
		return new KeyTransactionsTasklet(source, keyTransactions,
				StepExecutions.definition(definitions, stepExecution).has(Section.KEY_TRANSACTIONS), clock);
	}

}
