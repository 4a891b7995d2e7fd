package io.apmreports.demo;


import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Primary;

import io.apmreports.apm.ApiKey;
import io.apmreports.apm.ApmEndpoint;
import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.sandbox.SandboxServer;

/**
 * With {@code apm.demo=true} (the command line's {@code --demo}), the run talks to an in-process sandbox over real
 * HTTP instead of the configured service. The key is random and lives only in memory; the configured key, if any, is
 * never read, and a run without {@code --demo} never falls back to demo data.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnBooleanProperty("apm.demo")
class DemoConfiguration {

	@Bean(destroyMethod = "close")
	SandboxServer demoSandbox() {
		return SandboxServer.start(SandboxOptions.demo(SandboxOptions.randomKey()));
	}

	@Bean
	@Primary
	ApmEndpoint demoEndpoint(SandboxServer demoSandbox) {
		return new ApmEndpoint(demoSandbox.baseUrl(), new ApiKey(demoSandbox.options().apiKey()));
	}

}
