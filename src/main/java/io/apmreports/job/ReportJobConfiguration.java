package io.apmreports.job;

import java.nio.file.Path;
import java.time.Clock;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

import org.springframework.batch.core.configuration.annotation.StepScope;
import org.springframework.batch.core.job.Job;
import org.springframework.batch.core.job.builder.JobBuilder;
import org.springframework.batch.core.listener.StepExecutionListener;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.Step;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.batch.core.step.builder.StepBuilder;
import org.springframework.batch.infrastructure.item.ItemStreamReader;
import org.springframework.batch.infrastructure.item.ItemWriter;
import org.springframework.batch.infrastructure.item.database.JdbcPagingItemReader;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.concurrent.ThreadPoolTaskExecutor;
import org.springframework.transaction.PlatformTransactionManager;

import io.apmreports.apm.ApmClient;
import io.apmreports.apm.ApmProperties;
import io.apmreports.definition.ReportDefinition;
import io.apmreports.definition.ReportDefinitions;
import io.apmreports.delivery.ReportMailer;
import io.apmreports.delivery.SentMessages;
import io.apmreports.formula.BreakdownCalculator;
import io.apmreports.formula.MetricNames;
import io.apmreports.output.Section;
import io.apmreports.range.TimeRange;
import io.apmreports.report.ReportContent;
import io.apmreports.report.ReportEmails;
import io.apmreports.run.CurrentRun;
import io.apmreports.run.LaunchedDefinition;
import io.apmreports.run.ReportProperties;
import io.apmreports.run.ReportRun;
import io.apmreports.staging.ApplicationFigures;
import io.apmreports.staging.CurrentFigures;
import io.apmreports.staging.HostFigures;
import io.apmreports.staging.Hosts;
import io.apmreports.staging.KeyTransactions;
import io.apmreports.staging.PreviousFigures;
import io.apmreports.staging.StagedApplication;
import io.apmreports.staging.StagedApplications;
import io.apmreports.staging.TrendSlice;
import io.apmreports.staging.Trends;

/**
 * The report job: {@code listApplications} (API pages into the staging table), {@code fetchFigures} (staged
 * applications, API, formula engine, figures table; restartable after the last committed chunk),
 * {@code writeFiles} (tables to files, published atomically) and {@code deliver} (an e-mail per recipient, each
 * recorded as it is sent).
 */
@Configuration(proxyBeanMethods = false)
public class ReportJobConfiguration {

	public static final String JOB_NAME = "report";

	@Bean
	Job reportJob(JobRepository jobRepository, Step listApplications, Step fetchFigures, Step fetchPrevious,
			Step fetchHosts, Step fetchTrends, Step fetchKeyTransactions, Step checkFailures, Step writeFiles,
			Step deliver, CurrentRun currentRun, LaunchedDefinition launchedDefinition) {
		// the section steps do nothing for a report without their section
		return new JobBuilder(JOB_NAME, jobRepository).listener(launchedDefinition)
			.listener(currentRun)
			.start(listApplications)
			.next(fetchFigures)
			.next(fetchPrevious)
			.next(fetchHosts)
			.next(fetchTrends)
			.next(fetchKeyTransactions)
			.next(checkFailures)
			.next(writeFiles)
			.next(deliver)
			.build();
	}

	@Bean
	Step fetchPrevious(JobRepository jobRepository, PlatformTransactionManager transactionManager,
			ReportProperties properties, ThreadPoolTaskExecutor fetchExecutor,
			ItemStreamReader<StagedApplication> previousReader, FiguresProcessor previousProcessor,
			ItemWriter<ApplicationFigures> previousWriter) {
		return sectionStep("fetchPrevious", jobRepository, transactionManager, properties, fetchExecutor,
				previousReader, previousProcessor, previousWriter);
	}

	@Bean
	Step fetchHosts(JobRepository jobRepository, PlatformTransactionManager transactionManager,
			ReportProperties properties, ThreadPoolTaskExecutor fetchExecutor,
			ItemStreamReader<StagedApplication> hostsReader, HostsProcessor hostsProcessor,
			ItemWriter<List<HostFigures>> hostsWriter) {
		return sectionStep("fetchHosts", jobRepository, transactionManager, properties, fetchExecutor, hostsReader,
				hostsProcessor, hostsWriter);
	}

	@Bean
	Step fetchTrends(JobRepository jobRepository, PlatformTransactionManager transactionManager,
			ReportProperties properties, ThreadPoolTaskExecutor fetchExecutor,
			ItemStreamReader<StagedApplication> trendsReader, TrendsProcessor trendsProcessor,
			ItemWriter<List<TrendSlice>> trendsWriter) {
		return sectionStep("fetchTrends", jobRepository, transactionManager, properties, fetchExecutor, trendsReader,
				trendsProcessor, trendsWriter);
	}

	@Bean
	Step fetchKeyTransactions(JobRepository jobRepository, PlatformTransactionManager transactionManager,
			KeyTransactionsTasklet keyTransactionsTasklet) {
		return new StepBuilder("fetchKeyTransactions", jobRepository)
			.tasklet(keyTransactionsTasklet, transactionManager)
			.build();
	}

	/** A section's fetch: like fetchFigures, in parallel, continuing after the last committed chunk on restart. */
	private static <O> Step sectionStep(String name, JobRepository jobRepository,
			PlatformTransactionManager transactionManager, ReportProperties properties,
			ThreadPoolTaskExecutor fetchExecutor, ItemStreamReader<StagedApplication> reader,
			org.springframework.batch.infrastructure.item.ItemProcessor<StagedApplication, O> processor,
			ItemWriter<O> writer) {
		return new StepBuilder(name, jobRepository).<StagedApplication, O>chunk(properties.chunkSize())
			.transactionManager(transactionManager)
			.reader(reader)
			.processor(processor)
			.writer(writer)
			.taskExecutor(fetchExecutor)
			.allowStartIfComplete(true)
			.build();
	}

	@Bean
	@StepScope
	ItemStreamReader<StagedApplication> previousReader(StagedApplications applications, ReportProperties properties,
			LaunchedDefinition definitions, @Value("#{stepExecution}") StepExecution stepExecution) {
		return pending(definitions, stepExecution,
				() -> applications.pendingPrevious(instanceId(stepExecution), properties.chunkSize()),
				Section.COMPARISON);
	}

	@Bean
	@StepScope
	ItemStreamReader<StagedApplication> hostsReader(StagedApplications applications, ReportProperties properties,
			LaunchedDefinition definitions, @Value("#{stepExecution}") StepExecution stepExecution) {
		return pending(definitions, stepExecution,
				() -> applications.pendingHosts(instanceId(stepExecution), properties.chunkSize()), Section.HOSTS);
	}

	@Bean
	@StepScope
	ItemStreamReader<StagedApplication> trendsReader(StagedApplications applications, ReportProperties properties,
			LaunchedDefinition definitions, @Value("#{stepExecution}") StepExecution stepExecution) {
		// the charts are drawn from the same series as the trends
		return pending(definitions, stepExecution,
				() -> applications.pendingTrends(instanceId(stepExecution), properties.chunkSize()), Section.TRENDS,
				Section.CHARTS);
	}

	/** The staged applications a section step still has to do, or none when the report has none of its sections. */
	private static ItemStreamReader<StagedApplication> pending(LaunchedDefinition definitions,
			StepExecution stepExecution, Supplier<ItemStreamReader<StagedApplication>> reader, Section... sections) {
		ReportDefinition definition = definition(definitions, stepExecution);
		if (Arrays.stream(sections).noneMatch(definition::has)) {
			return new ItemStreamReader<>() {
				@Override
				public StagedApplication read() {
					return null;
				}
			};
		}
		return reader.get();
	}

	/** The definition the run was launched with, never the file as it is now. */
	private static ReportDefinition definition(LaunchedDefinition definitions, StepExecution stepExecution) {
		return definitions.of(stepExecution.getJobExecution());
	}

	@Bean
	@StepScope
	FiguresProcessor previousProcessor(ApmClient client, BreakdownCalculator calculator, MetricNames names,
			ApmProperties apmProperties, LaunchedDefinition definitions, Clock clock,
			@Value("#{stepExecution}") StepExecution stepExecution) {
		ReportDefinition definition = definition(definitions, stepExecution);
		TimeRange range = ReportRun.range(stepExecution.getJobParameters());
		return new FiguresProcessor(client, calculator, names, apmProperties.datastoreTypes(),
				range.previous(definition.timeZone()), definition.has(Section.SUMMARY), clock);
	}

	@Bean
	@StepScope
	ItemWriter<ApplicationFigures> previousWriter(PreviousFigures previous,
			@Value("#{stepExecution}") StepExecution stepExecution) {
		long instanceId = instanceId(stepExecution);
		return chunk -> previous.save(instanceId, chunk.getItems());
	}

	@Bean
	@StepScope
	HostsProcessor hostsProcessor(ApmClient client, BreakdownCalculator calculator, MetricNames names,
			ApmProperties apmProperties, CurrentFigures figures, Clock clock,
			@Value("#{stepExecution}") StepExecution stepExecution) {
		long instanceId = instanceId(stepExecution);
		return new HostsProcessor(client, calculator, names, apmProperties.datastoreTypes(),
				applicationId -> figures.datastoreTypes(instanceId, applicationId),
				ReportRun.range(stepExecution.getJobParameters()), clock);
	}

	@Bean
	@StepScope
	ItemWriter<List<HostFigures>> hostsWriter(Hosts hosts, @Value("#{stepExecution}") StepExecution stepExecution) {
		long instanceId = instanceId(stepExecution);
		return chunk -> hosts.save(instanceId, chunk.getItems());
	}

	@Bean
	@StepScope
	TrendsProcessor trendsProcessor(ApmClient client, MetricNames names,
			@Value("#{stepExecution}") StepExecution stepExecution) {
		return new TrendsProcessor(client, names, ReportRun.range(stepExecution.getJobParameters()));
	}

	@Bean
	@StepScope
	ItemWriter<List<TrendSlice>> trendsWriter(Trends trends, @Value("#{stepExecution}") StepExecution stepExecution) {
		long instanceId = instanceId(stepExecution);
		return chunk -> trends.save(instanceId, chunk.getItems());
	}

	@Bean
	@StepScope
	KeyTransactionsTasklet keyTransactionsTasklet(ObjectProvider<ApmClient> client, KeyTransactions keyTransactions,
			LaunchedDefinition definitions, Clock clock, @Value("#{stepExecution}") StepExecution stepExecution) {
		return new KeyTransactionsTasklet(client, keyTransactions,
				definition(definitions, stepExecution).has(Section.KEY_TRANSACTIONS), clock);
	}

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
					// a listing restarted after a crash starts over, so drop what the earlier attempt staged
					applications.clear(instanceId(stepExecution));
				}
			})
			.build();
	}

	/**
	 * Fetches run in parallel through Batch 6's concurrent chunk processing rather than partitioning: the chunk is
	 * still read and written by one thread, so the reader's place and each chunk's commit are exactly what they are
	 * without concurrency and restart works unchanged; only the processor (the API calls, which is where the time
	 * goes) runs on {@code report.concurrency} threads. Partitions would add a partitioner and per-partition state
	 * for no gain when the bottleneck is the API's latency.
	 */
	@Bean
	Step fetchFigures(JobRepository jobRepository, PlatformTransactionManager transactionManager,
			JdbcPagingItemReader<StagedApplication> stagedApplicationReader, FiguresProcessor figuresProcessor,
			ItemWriter<ApplicationFigures> figuresWriter, ReportProperties properties,
			ThreadPoolTaskExecutor fetchExecutor, FetchProgress fetchProgress) {
		// runs again on every restart: its reader picks only what has no figures yet or failed, so a restart
		// continues after the last committed chunk and tries the failed applications once more
		return new StepBuilder("fetchFigures", jobRepository)
			.<StagedApplication, ApplicationFigures>chunk(properties.chunkSize())
			.transactionManager(transactionManager)
			.reader(stagedApplicationReader)
			.processor(figuresProcessor)
			.writer(figuresWriter)
			.taskExecutor(fetchExecutor)
			.listener((org.springframework.batch.core.listener.StepListener) fetchProgress)
			.allowStartIfComplete(true)
			.build();
	}

	@Bean
	ThreadPoolTaskExecutor fetchExecutor(ReportProperties properties) {
		ThreadPoolTaskExecutor executor = new ThreadPoolTaskExecutor();
		executor.setCorePoolSize(properties.concurrency());
		executor.setMaxPoolSize(properties.concurrency());
		executor.setThreadNamePrefix("fetch-");
		executor.setDaemon(true);
		return executor;
	}

	@Bean
	@StepScope
	FetchProgress fetchProgress(StagedApplications applications, ApmClient client, ReportProperties properties) {
		return new FetchProgress(applications, client, properties.progressInterval(),
				System.console() != null ? System.out : null);
	}

	@Bean
	Step checkFailures(JobRepository jobRepository, PlatformTransactionManager transactionManager,
			CurrentFigures figures, ReportProperties properties) {
		return new StepBuilder("checkFailures", jobRepository)
			.tasklet(new FailureShareCheck(figures, properties.maxFailedShare()), transactionManager)
			.build();
	}

	@Bean
	Step writeFiles(JobRepository jobRepository, PlatformTransactionManager transactionManager,
			WriteFilesTasklet writeFilesTasklet) {
		return new StepBuilder("writeFiles", jobRepository).tasklet(writeFilesTasklet, transactionManager).build();
	}

	/** Its own step, so that a failure to send never fetches or writes again, and a restart sends only the rest. */
	@Bean
	Step deliver(JobRepository jobRepository, PlatformTransactionManager transactionManager, ReportMailer mailer,
			SentMessages sent, ReportEmails emails) {
		return new StepBuilder("deliver", jobRepository)
			.tasklet(new DeliverTasklet(mailer, sent, emails), transactionManager)
			.build();
	}

	@Bean
	@StepScope
	ApplicationListReader applicationListReader(ApmClient client, LaunchedDefinition definitions,
			@Value("#{stepExecution}") StepExecution stepExecution) {
		return new ApplicationListReader(client, definition(definitions, stepExecution).applications());
	}

	@Bean
	@StepScope
	JdbcPagingItemReader<StagedApplication> stagedApplicationReader(StagedApplications applications,
			ReportProperties properties, @Value("#{stepExecution}") StepExecution stepExecution) {
		return applications.pendingFigures(instanceId(stepExecution), properties.chunkSize());
	}

	@Bean
	@StepScope
	FiguresProcessor figuresProcessor(ApmClient client, BreakdownCalculator calculator, MetricNames names,
			ApmProperties apmProperties, LaunchedDefinition definitions, Clock clock,
			@Value("#{stepExecution}") StepExecution stepExecution) {
		return new FiguresProcessor(client, calculator, names, apmProperties.datastoreTypes(),
				ReportRun.range(stepExecution.getJobParameters()),
				definition(definitions, stepExecution).has(Section.SUMMARY), clock);
	}

	@Bean
	@StepScope
	ItemWriter<StagedApplication> stagedApplicationWriter(StagedApplications applications,
			@Value("#{stepExecution}") StepExecution stepExecution) {
		long instanceId = instanceId(stepExecution);
		return chunk -> applications.save(instanceId, chunk.getItems());
	}

	@Bean
	@StepScope
	ItemWriter<ApplicationFigures> figuresWriter(CurrentFigures figures,
			@Value("#{stepExecution}") StepExecution stepExecution) {
		long instanceId = instanceId(stepExecution);
		return chunk -> figures.save(instanceId, chunk.getItems());
	}

	private static long instanceId(StepExecution stepExecution) {
		return stepExecution.getJobExecution().getJobInstance().getInstanceId();
	}

	@Bean
	@StepScope
	WriteFilesTasklet writeFilesTasklet(ReportContent content, LaunchedDefinition definitions, Clock clock,
			@Value("#{stepExecution}") StepExecution stepExecution) {
		var parameters = stepExecution.getJobParameters();
		return new WriteFilesTasklet(content, definition(definitions, stepExecution),
				ReportRun.range(parameters), Path.of(parameters.getString(ReportRun.OUTPUT_DIR)), clock);
	}

	@Bean
	ReportDefinitions reportDefinitions(ReportProperties properties) {
		return new ReportDefinitions(properties.definitions());
	}

	@Bean
	Clock clock() {
		return Clock.systemDefaultZone();
	}

}
