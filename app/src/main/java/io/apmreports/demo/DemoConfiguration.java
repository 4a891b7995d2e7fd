package io.apmreports.demo;

import java.nio.file.Path;

import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Primary;

import io.apmreports.delivery.OutboxMailSender;
import io.apmreports.failure.UserFacingException;
import io.apmreports.job.ReportProperties;
import io.apmreports.run.DefaultAccountNames;
import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.sandbox.SandboxServer;
import io.apmreports.source.ConfiguredAccount;
import io.apmreports.source.SourceProperties;
import io.apmreports.source.access.ApiKey;
import io.apmreports.source.nrql.NerdGraphEndpoint;
import io.apmreports.source.rest.client.ApmAccounts;
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
		return SandboxServer.start(SandboxOptions.demoOrganisation(SandboxOptions.randomKey(),
				SandboxOptions.randomKey(), SandboxOptions.randomKey()));
	}

	/**
	 * The demo's account names, below any the settings give: its REST sandbox tells none.
	 */
	@Bean
	DefaultAccountNames demoAccountNames() {
		return SandboxOptions::demoAccountNames;
	}

	/**
	 * Without an SMTP server ({@code spring.mail.host}), demo e-mail goes to
	 * {@code <report.output-dir>/demo/outbox} as {@code .eml} files, beside the demo's
	 * files (or to {@code apm.demo-outbox}, which {@code run --output-dir} sets, beside
	 * its): a demo never needs a mail server, nor mails anyone demo data.
	 */
	@Bean
	@ConditionalOnExpression("'${spring.mail.host:}'.isBlank()")
	OutboxMailSender demoOutbox(ReportProperties properties, SourceProperties sourceProperties) {
		Path outbox = sourceProperties.demoOutbox();
		return new OutboxMailSender(outbox == null ? properties.outputDir().resolve("demo").resolve("outbox") : outbox);
	}

	/**
	 * The REST face with the key of the demo account asked for: REST's key is the
	 * account.
	 */
	@Bean
	@Primary
	ApmEndpoint demoEndpoint(ApmAccounts demoAccounts, ConfiguredAccount demoAccount) {
		return demoAccounts.endpoint(demoAccount.required());
	}

	/** Each demo account's REST face, with that account's key. */
	@Bean
	@Primary
	ApmAccounts demoAccounts(SandboxServer demoSandbox) {
		return account -> new ApmEndpoint(demoSandbox.baseUrl(), new ApiKey(demoSandbox.options()
			.restKey(account)
			.orElseThrow(() -> new UserFacingException(
					"the demo has no account " + account + "; its accounts are " + SandboxOptions.demoAccountIds()))));
	}

	/**
	 * The same sandbox's NerdGraph face, for a demo through NRQL: one user key reads
	 * every account of the demo's organisation.
	 */
	@Bean
	@Primary
	NerdGraphEndpoint demoNerdGraphEndpoint(SandboxServer demoSandbox, ConfiguredAccount demoAccount) {
		return new NerdGraphEndpoint(demoSandbox.graphqlUrl(), new ApiKey(demoSandbox.options().apiKey()),
				demoAccount.required());
	}

	/** The account asked for, the demo's production account when none is. */
	@Bean
	@Primary
	ConfiguredAccount demoAccount(SourceProperties properties) {
		return properties.accountId() == null || properties.accountId().isEmpty()
				? ConfiguredAccount.of(SandboxOptions.DEMO_ACCOUNT_ID) : new ConfiguredAccount(properties.accountId());
	}

}
