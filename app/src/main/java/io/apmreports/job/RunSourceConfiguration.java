package io.apmreports.job;

import org.springframework.batch.core.configuration.annotation.StepScope;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Primary;

import io.apmreports.source.FigureSource;
import io.apmreports.source.FigureSources;

/**
 * Gives every step the source its run recorded, so that the steps ask "the source"
 * without knowing which, and a restart reads the same service as the attempt before it.
 */
@Configuration(proxyBeanMethods = false)
class RunSourceConfiguration {

	// not closed with the step: the sources outlive every run of the process
	@Bean(destroyMethod = "")
	@StepScope
	@Primary
	FigureSource runFigureSource(FigureSources sources, @Value("#{stepExecution}") StepExecution stepExecution) {
		JobParameters parameters = stepExecution.getJobParameters();
		return sources.ofRun(ReportRun.source(parameters), ReportRun.accounts(parameters).ids());
	}

}
