package io.apmreports.job;

import org.springframework.batch.core.configuration.annotation.StepScope;
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
	FigureSource runFigureSource(FigureSources sources, LaunchedRun launched) {
		return sources.ofRun(launched.run().source(), launched.run().accounts().ids());
	}

}
