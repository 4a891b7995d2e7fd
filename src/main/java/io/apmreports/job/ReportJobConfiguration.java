package io.apmreports.job;

import java.nio.file.Path;
import java.time.Clock;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

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
import org.springframework.batch.infrastructure.item.database.Order;
import org.springframework.batch.infrastructure.item.database.builder.JdbcPagingItemReaderBuilder;
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
import io.apmreports.staging.HostFigures;
import io.apmreports.staging.ReportStore;
import io.apmreports.staging.SectionStore;
import io.apmreports.staging.StagedApplication;
import io.apmreports.staging.TrendSlice;

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
	ItemStreamReader<StagedApplication> previousReader(DataSource dataSource, ReportProperties properties,
			LaunchedDefinition definitions, @Value("#{stepExecution}") StepExecution stepExecution) throws Exception {
		return pending(dataSource, properties, definitions, stepExecution,
				ReportStore.notYetIn(ReportStore.PREVIOUS, "AND f.STATUS <> 'failed'") + ReportStore.AND_NOT_GONE,
				Section.COMPARISON);
	}

	@Bean
	@StepScope
	ItemStreamReader<StagedApplication> hostsReader(DataSource dataSource, ReportProperties properties,
			LaunchedDefinition definitions, @Value("#{stepExecution}") StepExecution stepExecution) throws Exception {
		return pending(dataSource, properties, definitions, stepExecution,
				ReportStore.notYetIn("APM_REPORT_HOST", "AND f.STATUS <> 'failed'"), Section.HOSTS);
	}

	@Bean
	@StepScope
	ItemStreamReader<StagedApplication> trendsReader(DataSource dataSource, ReportProperties properties,
			LaunchedDefinition definitions, @Value("#{stepExecution}") StepExecution stepExecution) throws Exception {
		// the charts are drawn from the same series as the trends
		return pending(dataSource, properties, definitions, stepExecution,
				ReportStore.notYetIn("APM_REPORT_TREND", "") + ReportStore.AND_NOT_GONE, Section.TRENDS,
				Section.CHARTS);
	}

	/** The staged applications a section step still has to do, or none when the report has none of its sections. */
	private static ItemStreamReader<StagedApplication> pending(DataSource dataSource, ReportProperties properties,
			LaunchedDefinition definitions, StepExecution stepExecution, String notYet, Section... sections)
			throws Exception {
		ReportDefinition definition = definition(definitions, stepExecution);
		if (Arrays.stream(sections).noneMatch(definition::has)) {
			return new ItemStreamReader<>() {
				@Override
				public StagedApplication read() {
					return null;
				}
			};
		}
		return stagedReader(dataSource, properties, stepExecution, notYet);
	}

	private static JdbcPagingItemReader<StagedApplication> stagedReader(DataSource dataSource,
			ReportProperties properties, StepExecution stepExecution, String notYet) throws Exception {
		return new JdbcPagingItemReaderBuilder<StagedApplication>().name("pendingApplications")
			.dataSource(dataSource)
			.selectClause("SELECT " + ReportStore.STAGED_COLUMNS)
			.fromClause("FROM APM_REPORT_APPLICATION")
			.whereClause("WHERE JOB_INSTANCE_ID = :instanceId AND " + notYet)
			.saveState(false)
			.parameterValues(Map.of("instanceId", instanceId(stepExecution)))
			.sortKeys(Map.of("APPLICATION_ID", Order.ASCENDING))
			.pageSize(properties.chunkSize())
			.rowMapper(ReportStore::stagedApplication)
			.build();
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
	ItemWriter<ApplicationFigures> previousWriter(ReportStore store,
			@Value("#{stepExecution}") StepExecution stepExecution) {
		long instanceId = instanceId(stepExecution);
		return chunk -> store.saveFigures(ReportStore.PREVIOUS, instanceId, chunk.getItems());
	}

	@Bean
	@StepScope
	HostsProcessor hostsProcessor(ApmClient client, BreakdownCalculator calculator, MetricNames names,
			ApmProperties apmProperties, ReportStore store, Clock clock, @Value("#{stepExecution}") StepExecution stepExecution) {
		long instanceId = instanceId(stepExecution);
		return new HostsProcessor(client, calculator, names, apmProperties.datastoreTypes(),
				applicationId -> store.datastoreTypes(instanceId, applicationId),
				ReportRun.range(stepExecution.getJobParameters()), clock);
	}

	@Bean
	@StepScope
	ItemWriter<List<HostFigures>> hostsWriter(SectionStore sections,
			@Value("#{stepExecution}") StepExecution stepExecution) {
		long instanceId = instanceId(stepExecution);
		return chunk -> sections.saveHosts(instanceId, chunk.getItems());
	}

	@Bean
	@StepScope
	TrendsProcessor trendsProcessor(ApmClient client, MetricNames names,
			@Value("#{stepExecution}") StepExecution stepExecution) {
		return new TrendsProcessor(client, names, ReportRun.range(stepExecution.getJobParameters()));
	}

	@Bean
	@StepScope
	ItemWriter<List<TrendSlice>> trendsWriter(SectionStore sections,
			@Value("#{stepExecution}") StepExecution stepExecution) {
		long instanceId = instanceId(stepExecution);
		return chunk -> sections.saveTrends(instanceId, chunk.getItems());
	}

	@Bean
	@StepScope
	KeyTransactionsTasklet keyTransactionsTasklet(ObjectProvider<ApmClient> client, SectionStore sections,
			LaunchedDefinition definitions, Clock clock, @Value("#{stepExecution}") StepExecution stepExecution) {
		return new KeyTransactionsTasklet(client, sections,
				definition(definitions, stepExecution).has(Section.KEY_TRANSACTIONS), clock);
	}

	@Bean
	Step listApplications(JobRepository jobRepository, PlatformTransactionManager transactionManager,
			ApplicationListReader applicationListReader, ItemWriter<StagedApplication> stagedApplicationWriter,
			ReportStore store, ReportProperties properties) {
		return new StepBuilder("listApplications", jobRepository)
			.<StagedApplication, StagedApplication>chunk(properties.chunkSize())
			.transactionManager(transactionManager)
			.reader(applicationListReader)
			.writer(stagedApplicationWriter)
			.listener(new StepExecutionListener() {
				@Override
				public void beforeStep(StepExecution stepExecution) {
					// a listing restarted after a crash starts over, so drop what the earlier attempt staged
					store.clear(instanceId(stepExecution));
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
	FetchProgress fetchProgress(ReportStore store, ApmClient client, ReportProperties properties) {
		return new FetchProgress(store, client, properties.progressInterval(),
				System.console() != null ? System.out : null);
	}

	@Bean
	Step checkFailures(JobRepository jobRepository, PlatformTransactionManager transactionManager, ReportStore store,
			ReportProperties properties) {
		return new StepBuilder("checkFailures", jobRepository)
			.tasklet(new FailureShareCheck(store, properties.maxFailedShare()), transactionManager)
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
	JdbcPagingItemReader<StagedApplication> stagedApplicationReader(DataSource dataSource,
			ReportProperties properties, @Value("#{stepExecution}") StepExecution stepExecution) throws Exception {
		return stagedReader(dataSource, properties, stepExecution, ReportStore.NOT_YET_FIGURED);
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
	ItemWriter<StagedApplication> stagedApplicationWriter(ReportStore store,
			@Value("#{stepExecution}") StepExecution stepExecution) {
		long instanceId = instanceId(stepExecution);
		return chunk -> store.saveApplications(instanceId, chunk.getItems());
	}

	@Bean
	@StepScope
	ItemWriter<ApplicationFigures> figuresWriter(ReportStore store,
			@Value("#{stepExecution}") StepExecution stepExecution) {
		long instanceId = instanceId(stepExecution);
		return chunk -> store.saveFigures(instanceId, chunk.getItems());
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
