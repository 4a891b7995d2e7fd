package io.apmreports.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.batch.core.job.parameters.JobParameters;

import io.apmreports.definition.SourceKind;
import io.apmreports.definition.Recipient;
import io.apmreports.range.TimeRange;
import io.apmreports.testing.TestSandbox;

class ReportRunTests {

	private static final TimeRange WEEK = TimeRange.parse("2026-11-09T00:00:00+01:00", "2026-11-16T00:00:00+01:00");

	private static final String REAL = "https://api.example.com";

	@Test
	void recipientsMakeAnotherJobInstanceButNeitherAnotherLockNorAnotherMessageId() {
		// given
		JobParameters filesOnly = run(REAL, List.of(), null);
		JobParameters toOps = run(REAL, List.of("Ops@Example.com"), null);
		JobParameters toOpsAndFinance = run(REAL, List.of("finance@example.com", "ops@example.com"), null);

		// then
		assertThat(filesOnly).isNotEqualTo(toOps);
		assertThat(ReportRun.recipients(toOps)).map(Recipient::toString).containsExactly("ops@example.com");
		assertThat(ReportRun.lockIdentity(filesOnly)).isEqualTo(ReportRun.lockIdentity(toOpsAndFinance));
		assertThat(ReportRun.messageIdentity(toOps)).isEqualTo(ReportRun.messageIdentity(toOpsAndFinance));
	}

	@Test
	void oneAddressIsOneRecipientWhateverItsSpellingOrDisplayName() {
		// given the same address three ways, and a channel
		JobParameters run = run(REAL,
				List.of("Ops <ops@example.com>", "OPS@example.com", "ops@example.com", "slack:ops"), null);

		// then one message each
		assertThat(ReportRun.recipients(run)).extracting(Recipient::key)
			.containsExactlyInAnyOrder("ops@example.com", "slack:ops");
	}

	@Test
	void theAccountAndAForcedRunMakeAnotherMessageId() {
		// given
		JobParameters real = run(REAL, List.of("ops@example.com"), null);
		JobParameters demo = run("demo", List.of("ops@example.com"), null);
		JobParameters forced = run(REAL, List.of("ops@example.com"), "2026-11-21T08:00:00Z");

		// then
		assertThat(ReportRun.messageIdentity(demo)).isNotEqualTo(ReportRun.messageIdentity(real));
		assertThat(ReportRun.messageIdentity(forced)).isNotEqualTo(ReportRun.messageIdentity(real));
		assertThat(ReportRun.lockIdentity(demo)).isNotEqualTo(ReportRun.lockIdentity(real));
	}

	@Test
	void aDemoRunIsRestartedWithDemo() {
		assertThat(ReportRun.restartCommand(run("demo", List.of(), null), 7))
			.isEqualTo("restart 7 --demo --apm.account-id=1234567");
		assertThat(ReportRun.restartCommand(run(REAL, List.of(), null), 7))
			.isEqualTo("restart 7 --apm.account-id=1234567");
	}

	@Test
	void aRunThroughNrqlIsRestartedAndRunAgainThroughNrql() {
		// given demo and real runs through NRQL, as the planner records them
		JobParameters demo = run(SourceKind.NRQL.recorded("demo"), List.of(), null);
		JobParameters real = run(SourceKind.NRQL.recorded("https://api.newrelic.com/graphql"), List.of(), null);

		// then their commands keep both the demo and the source
		assertThat(ReportRun.restartCommand(demo, 7)).isEqualTo("restart 7 --demo --apm.account-id=1234567");
		assertThat(ReportRun.restartCommand(real, 7)).isEqualTo("restart 7 --apm.account-id=1234567");
		assertThat(ReportRun.runCommand(demo)).endsWith(" --demo --apm.account-id=1234567 --apm.source=nrql");
		assertThat(ReportRun.runCommand(real))
			.endsWith("2026-11-16T00:00:00+01:00 --apm.account-id=1234567 --apm.source=nrql");
		assertThat(ReportRun.lockIdentity(demo)).isNotEqualTo(ReportRun.lockIdentity(run("demo", List.of(), null)));
	}

	private static JobParameters run(String source, List<String> recipients, String forcedAt) {
		return new ReportRun("weekly-performance", source, TestSandbox.DEMO_ACCOUNT, WEEK, Path.of("output"), forcedAt,
				recipients)
			.toJobParameters();
	}

}
