package io.apmreports.demo;

import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Primary;

import io.apmreports.delivery.OutboxMailSender;
import io.apmreports.job.ReportProperties;
import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.sandbox.SandboxServer;
import io.apmreports.source.access.ApiKey;
import io.apmreports.source.nrql.NerdGraphEndpoint;
import io.apmreports.source.rest.client.ApmEndpoint;

/**
 * With {@code apm.demo=true} (the command line's {@code --demo}), the run talks to an
 * in-process sandbox over real HTTP instead of the configured service, through either
 * source. The key is random and lives only in memory; the configured key, if any, is
 * never read, and a run without {@code --demo} never falls back to demo data.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnBooleanProperty("apm.demo")
class DemoConfiguration {

	@Bean(destroyMethod = "close")
	SandboxServer demoSandbox() {
		return SandboxServer.start(SandboxOptions.demo(SandboxOptions.randomKey()));
	}

	/**
	 * Without an SMTP server ({@code spring.mail.host}), demo e-mail goes to
	 * {@code <report.output-dir>/demo/outbox} as {@code .eml} files, beside the demo's
	 * files: a demo never needs a mail server, nor mails anyone demo data.
	 */
	@Bean
	@ConditionalOnExpression("'${spring.mail.host:}'.isBlank()")
	OutboxMailSender demoOutbox(ReportProperties properties) {
		return new OutboxMailSender(properties.outputDir().resolve("demo").resolve("outbox"));
	}

	@Bean
	@Primary
	ApmEndpoint demoEndpoint(SandboxServer demoSandbox) {
		return new ApmEndpoint(demoSandbox.baseUrl(), new ApiKey(demoSandbox.options().apiKey()));
	}

	/** The same sandbox's NerdGraph face, for a demo through NRQL. */
	@Bean
	@Primary
	NerdGraphEndpoint demoNerdGraphEndpoint(SandboxServer demoSandbox) {
		return new NerdGraphEndpoint(demoSandbox.graphqlUrl(), new ApiKey(demoSandbox.options().apiKey()),
				demoSandbox.options().accountId());
	}

}
