package io.apmreports.job;

import org.springframework.batch.core.job.Job;
import org.springframework.batch.core.job.builder.JobBuilder;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.Step;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The report job, its steps in order: {@code listApplications}
 * ({@link ListApplicationsStepConfiguration}), the fetches of the figures
 * ({@link FetchFiguresStepsConfiguration}) and of the sections
 * ({@link FetchSectionsStepsConfiguration}), then {@code checkFailures},
 * {@code writeFiles} and {@code deliver} ({@link OutputStepsConfiguration}). A run is
 * restartable after its last committed chunk.
 */
@Configuration(proxyBeanMethods = false)
public class ReportJobConfiguration {

	static final String JOB_NAME = "report";

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

}
