package io.apmreports.job;

import java.nio.file.Path;
import java.time.Clock;
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
import org.springframework.batch.infrastructure.item.ItemWriter;
import org.springframework.batch.infrastructure.item.database.JdbcPagingItemReader;
import org.springframework.batch.infrastructure.item.database.Order;
import org.springframework.batch.infrastructure.item.database.builder.JdbcPagingItemReaderBuilder;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.concurrent.ThreadPoolTaskExecutor;
import org.springframework.transaction.PlatformTransactionManager;

import io.apmreports.apm.ApmClient;
import io.apmreports.apm.ApmProperties;
import io.apmreports.definition.ReportDefinition;
import io.apmreports.definition.ReportDefinitions;
import io.apmreports.formula.BreakdownCalculator;
import io.apmreports.formula.MetricNames;
import io.apmreports.output.Section;
import io.apmreports.range.TimeRange;

/**
 * The report job: {@code listApplications} (API pages into the staging table), {@code fetchFigures} (staged
 * applications, API, formula engine, figures table; restartable after the last committed chunk), and
 * {@code writeFiles} (tables to files, published atomically).
 */
@Configuration(proxyBeanMethods = false)
class ReportJobConfiguration {

	static final String JOB_NAME = "report";

	@Bean
	Job reportJob(JobRepository jobRepository, Step listApplications, Step fetchFigures, Step checkFailures,
			Step writeFiles, CurrentRun currentRun) {
		return new JobBuilder(JOB_NAME, jobRepository).listener(currentRun)
			.start(listApplications)
			.next(fetchFigures)
			.next(checkFailures)
			.next(writeFiles)
			.build();
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
			.listener((Object) fetchProgress)
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

	@Bean
	@StepScope
	ApplicationListReader applicationListReader(ApmClient client, ReportDefinitions definitions,
			@Value("#{jobParameters['report']}") String report) {
		return new ApplicationListReader(client, definitions.load(report).applications());
	}

	@Bean
	@StepScope
	JdbcPagingItemReader<StagedApplication> stagedApplicationReader(DataSource dataSource,
			ReportProperties properties, @Value("#{stepExecution}") StepExecution stepExecution) throws Exception {
		return new JdbcPagingItemReaderBuilder<StagedApplication>().name("stagedApplications")
			.dataSource(dataSource)
			.selectClause("SELECT " + ReportStore.STAGED_COLUMNS)
			.fromClause("FROM APM_REPORT_APPLICATION")
			.whereClause("WHERE JOB_INSTANCE_ID = :instanceId AND " + ReportStore.NOT_YET_FIGURED)
			.saveState(false)
			.parameterValues(Map.of("instanceId", instanceId(stepExecution)))
			.sortKeys(Map.of("APPLICATION_ID", Order.ASCENDING))
			.pageSize(properties.chunkSize())
			.rowMapper(ReportStore::stagedApplication)
			.build();
	}

	@Bean
	@StepScope
	FiguresProcessor figuresProcessor(ApmClient client, BreakdownCalculator calculator, MetricNames names,
			ApmProperties apmProperties, ReportDefinitions definitions,
			@Value("#{jobParameters}") Map<String, Object> jobParameters) {
		ReportDefinition definition = definitions.load(String.valueOf(jobParameters.get(ReportRun.REPORT)));
		return new FiguresProcessor(client, calculator, names, apmProperties.datastoreTypes(),
				ReportRun.range(jobParameters), definition.has(Section.SUMMARY));
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
	WriteFilesTasklet writeFilesTasklet(ReportStore store, ReportContent content, ReportDefinitions definitions,
			Clock clock, @Value("#{jobParameters}") Map<String, Object> jobParameters) {
		ReportDefinition definition = definitions.load(String.valueOf(jobParameters.get(ReportRun.REPORT)));
		TimeRange range = ReportRun.range(jobParameters);
		return new WriteFilesTasklet(store, content, definition, range,
				Path.of(String.valueOf(jobParameters.get(ReportRun.OUTPUT_DIR))), clock);
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
