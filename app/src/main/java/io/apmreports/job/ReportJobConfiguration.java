package io.apmreports.job;

import org.springframework.batch.core.job.Job;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.builder.FlowBuilder;
import org.springframework.batch.core.job.builder.JobBuilder;
import org.springframework.batch.core.job.flow.Flow;
import org.springframework.batch.core.job.flow.support.SimpleFlow;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.scope.context.JobContext;
import org.springframework.batch.core.scope.context.JobSynchronizationManager;
import org.springframework.batch.core.step.Step;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Scope;
import org.springframework.core.task.SimpleAsyncTaskExecutor;
import org.springframework.core.task.TaskExecutor;

import io.apmreports.source.access.LogContext;

/**
 * The report job, its steps in order: {@code listApplications}
 * ({@link ListApplicationsStepConfiguration}), the fetch of the figures, then the fetches
 * of the previous range's figures ({@link FetchFiguresStepsConfiguration}) and of the
 * sections ({@link FetchSectionsStepsConfiguration}) side by side, then the cost report's
 * {@code measureIngest} and {@code stageCost} ({@link CostStepsConfiguration}), the
 * service-level report's {@code fetchServiceLevels} and {@code fetchSla}
 * ({@link ServiceLevelStepsConfiguration}), {@code checkFailures}, {@code recordHistory}
 * ({@link HistoryStepConfiguration}), {@code writeFiles} and {@code deliver}
 * ({@link OutputStepsConfiguration}). A run is restartable after its last committed
 * chunk.
 */
@Configuration(proxyBeanMethods = false)
public class ReportJobConfiguration {

	/** The report job's name, which the job repository keeps its runs under. */
	private static final String JOB_NAME = "report";

	/** The report job's name, under which the job repository keeps its runs. */
	public static String jobName() {
		return JOB_NAME;
	}

	/** The section fetches that run side by side. */
	private static final int SIDE_BY_SIDE = 4;

	@Bean
	Job reportJob(JobRepository jobRepository, Step listApplications, Step fetchFigures, Step fetchPrevious,
			Step fetchHosts, Step fetchTrends, Step fetchKeyTransactions, Step measureIngest, Step stageCost,
			Step fetchServiceLevels, Step fetchSla, Step checkFailures, Step recordHistory, Step writeFiles,
			Step deliver, CurrentRun currentRun, LaunchedDefinition launchedDefinition,
			ObjectProvider<LaunchedRun> launchedRun) {
		// The section fetches need only the applications and their figures, and stage
		// into tables of their own: side by side, one step stages while the others wait
		// for the service. They share the source's threads, pacing and in-flight limit,
		// so the service sees no more than it would one step at a time. The section
		// steps do nothing for a report without their section.
		return new JobBuilder(JOB_NAME, jobRepository).listener(launchedDefinition)
			.listener(currentRun)
			.listener(new RunInTheLog(launchedRun))
			.flow(listApplications)
			.next(fetchFigures)
			.next(new FlowBuilder<SimpleFlow>("fetchSections").split(sectionThreads())
				.add(alone(fetchPrevious), alone(fetchHosts), alone(fetchTrends), alone(fetchKeyTransactions))
				.build())
			.next(measureIngest)
			.next(stageCost)
			.next(fetchServiceLevels)
			.next(fetchSla)
			.next(checkFailures)
			.next(recordHistory)
			.next(writeFiles)
			.next(deliver)
			.end()
			.build();
	}

	/**
	 * The run every step reads, built once per job execution as the job starts. In the
	 * job's scope without a proxy, which a record cannot have: only step-scoped beans,
	 * made once the job runs, take it.
	 */
	@Bean
	@Scope("job")
	LaunchedRun launchedRun(LaunchedDefinition launchedDefinition, @Value("#{jobExecution}") JobExecution execution) {
		return launchedDefinition.started(execution);
	}

	private static Flow alone(Step step) {
		return new FlowBuilder<SimpleFlow>(step.getName()).start(step).build();
	}

	private static TaskExecutor sectionThreads() {
		SimpleAsyncTaskExecutor threads = new SimpleAsyncTaskExecutor("sections-");
		threads.setConcurrencyLimit(SIDE_BY_SIDE);
		threads.setTaskDecorator(task -> LogContext.wrap(inJobScope(task)));
		return threads;
	}

	/**
	 * The task in the job's scope, as its step's thread is: Spring Batch gives only the
	 * job's own thread that scope, and the section steps' beans take the job's run.
	 */
	private static Runnable inJobScope(Runnable task) {
		JobContext context = JobSynchronizationManager.getContext();
		if (context == null) {
			return task;
		}
		JobExecution execution = context.getJobExecution();
		return () -> {
			JobSynchronizationManager.register(execution);
			try {
				task.run();
			}
			finally {
				JobSynchronizationManager.release();
			}
		};
	}

}
