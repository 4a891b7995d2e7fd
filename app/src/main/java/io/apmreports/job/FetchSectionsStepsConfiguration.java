package io.apmreports.job;

import java.time.Clock;
import java.util.List;

import org.springframework.batch.core.configuration.annotation.StepScope;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.Step;
import org.springframework.batch.core.step.builder.StepBuilder;
import org.springframework.batch.infrastructure.item.ItemStreamReader;
import org.springframework.batch.infrastructure.item.ItemWriter;
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
			ItemWriter<StagedApplication> hostsWriter, FetchProgress hostsProgress) {
		return FetchStep.of(StepWords.HOSTS.stepName(), jobRepository, transactionManager, properties, hostsReader,
				hostsWriter, hostsProgress);
	}

	@Bean
	@StepScope
	ItemStreamReader<StagedApplication> hostsReader(PendingApplications pending, LaunchedRun launched) {
		// gone applications are asked for too, so that hosts.csv says they are gone
		return pending.forSections(launched, StagedApplications::pendingHosts, Section.HOSTS);
	}

	/**
	 * Without the requests per minute (as for the trends): the sections are fetched side
	 * by side, from the same source.
	 */
	@Bean
	@StepScope
	FetchProgress hostsProgress(PendingApplications pending, ReportProperties properties, ProgressBars bars,
			JobRepository jobRepository, LaunchedRun launched) {
		return new FetchProgress(StepWords.HOSTS,
				() -> pending.countForSections(launched, StagedApplications::countPendingHosts, Section.HOSTS), null,
				properties.progressInterval(), bars, jobRepository);
	}

	@Bean
	@StepScope
	ItemWriter<StagedApplication> hostsWriter(FigureSource source, CurrentFigures figures, Hosts hosts,
			LaunchedRun launched) {
		long instanceId = launched.instanceId();
		TimeRange range = launched.run().range();
		return chunk -> hosts.save(instanceId, List.of(source.hosts(List.copyOf(chunk.getItems()), range,
				applicationId -> figures.datastoreTypes(instanceId, applicationId))));
	}

	@Bean
	Step fetchTrends(JobRepository jobRepository, PlatformTransactionManager transactionManager,
			ReportProperties properties, ItemStreamReader<StagedApplication> trendsReader,
			ItemWriter<StagedApplication> trendsWriter, FetchProgress trendsProgress) {
		return FetchStep.of(StepWords.TRENDS.stepName(), jobRepository, transactionManager, properties, trendsReader,
				trendsWriter, trendsProgress);
	}

	@Bean
	@StepScope
	ItemStreamReader<StagedApplication> trendsReader(PendingApplications pending, LaunchedRun launched) {
		// the charts are drawn from the same series as the trends
		return pending.forSections(launched, StagedApplications::pendingTrends, Section.TRENDS, Section.CHARTS);
	}

	@Bean
	@StepScope
	FetchProgress trendsProgress(PendingApplications pending, ReportProperties properties, ProgressBars bars,
			JobRepository jobRepository, LaunchedRun launched) {
		return new FetchProgress(StepWords.TRENDS, () -> pending.countForSections(launched,
				StagedApplications::countPendingTrends, Section.TRENDS, Section.CHARTS), null,
				properties.progressInterval(), bars, jobRepository);
	}

	@Bean
	@StepScope
	ItemWriter<StagedApplication> trendsWriter(FigureSource source, Trends trends, LaunchedRun launched) {
		long instanceId = launched.instanceId();
		TimeRange range = launched.run().range();
		return chunk -> trends.save(instanceId, List.of(source.trends(List.copyOf(chunk.getItems()), range)));
	}

	@Bean
	Step fetchKeyTransactions(JobRepository jobRepository, PlatformTransactionManager transactionManager,
			KeyTransactionsTasklet keyTransactionsTasklet) {
		return new StepBuilder(StepWords.KEY_TRANSACTIONS.stepName(), jobRepository)
			.tasklet(keyTransactionsTasklet, transactionManager)
			.build();
	}

	@Bean
	@StepScope
	KeyTransactionsTasklet keyTransactionsTasklet(FigureSource source, KeyTransactions keyTransactions, Clock clock,
			LaunchedRun launched) {
		return new KeyTransactionsTasklet(source, keyTransactions, launched.definition().has(Section.KEY_TRANSACTIONS),
				clock);
	}

}
