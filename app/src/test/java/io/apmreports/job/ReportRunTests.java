package io.apmreports.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.job.parameters.JobParametersBuilder;

import io.apmreports.definition.ApplicationFilter;
import io.apmreports.definition.SendWhen;
import io.apmreports.definition.SourceKind;
import io.apmreports.definition.Recipient;
import io.apmreports.range.TimeRange;
import io.apmreports.source.Account;
import io.apmreports.source.Accounts;
import io.apmreports.testing.TestSandbox;

class ReportRunTests {

	private static final TimeRange WEEK = TimeRange.parse("2026-11-09T00:00:00+01:00", "2026-11-16T00:00:00+01:00");

	private static final String REAL = "https://api.example.com";

	@Test
	void recipientsMakeAnotherJobInstanceButNeitherAnotherLockNorAnotherMessageId() {
		// given
		ReportRun filesOnly = run(REAL, List.of(), null);
		ReportRun toOps = run(REAL, List.of("Ops@Example.com"), null);
		ReportRun toOpsAndFinance = run(REAL, List.of("finance@example.com", "ops@example.com"), null);

		// then
		assertThat(filesOnly).isNotEqualTo(toOps);
		assertThat(toOps.recipients()).map(Recipient::toString).containsExactly("ops@example.com");
		assertThat(filesOnly.lockIdentity()).isEqualTo(toOpsAndFinance.lockIdentity());
		assertThat(toOps.messageIdentity()).isEqualTo(toOpsAndFinance.messageIdentity());
	}

	@Test
	void oneAddressIsOneRecipientWhateverItsSpellingOrDisplayName() {
		// given the same address three ways, and a channel
		ReportRun run = run(REAL, List.of("Ops <ops@example.com>", "OPS@example.com", "ops@example.com", "slack:ops"),
				null);

		// then one message each
		assertThat(run.recipients()).extracting(Recipient::key)
			.containsExactlyInAnyOrder("ops@example.com", "slack:ops");
	}

	@Test
	void theAccountAndAForcedRunMakeAnotherMessageId() {
		// given
		ReportRun real = run(REAL, List.of("ops@example.com"), null);
		ReportRun demo = run("demo", List.of("ops@example.com"), null);
		ReportRun forced = run(REAL, List.of("ops@example.com"), "2026-11-21T08:00:00Z");

		// then
		assertThat(demo.messageIdentity()).isNotEqualTo(real.messageIdentity());
		assertThat(forced.messageIdentity()).isNotEqualTo(real.messageIdentity());
		assertThat(demo.lockIdentity()).isNotEqualTo(real.lockIdentity());
	}

	@Test
	void aDemoRunIsRestartedWithDemo() {
		assertThat(run("demo", List.of(), null).restartCommand(7))
			.isEqualTo("restart 7 --demo --apm.account-id=1234567");
		assertThat(run(REAL, List.of(), null).restartCommand(7)).isEqualTo("restart 7 --apm.account-id=1234567");
	}

	@Test
	void aRunThroughNrqlIsRestartedAndRunAgainThroughNrql() {
		// given demo and real runs through NRQL, as the planner records them
		ReportRun demo = run(SourceKind.NRQL.recorded("demo"), List.of(), null);
		ReportRun real = run(SourceKind.NRQL.recorded("https://api.newrelic.com/graphql"), List.of(), null);

		// then their commands keep both the demo and the source
		assertThat(demo.restartCommand(7)).isEqualTo("restart 7 --demo --apm.account-id=1234567");
		assertThat(real.restartCommand(7)).isEqualTo("restart 7 --apm.account-id=1234567");
		assertThat(demo.runCommand()).endsWith(" --demo --apm.account-id=1234567 --apm.source=nrql");
		assertThat(real.runCommand()).endsWith("2026-11-16T00:00:00+01:00 --apm.account-id=1234567 --apm.source=nrql");
		assertThat(demo.lockIdentity()).isNotEqualTo(run("demo", List.of(), null).lockIdentity());
	}

	@Test
	void aRunIsRecordedInTheParametersOfEarlierVersionsAndReadBackAsItWas() {
		// given a run of a team over two accounts, to two recipients when it regresses,
		// forced, after an abandoned attempt
		ApplicationFilter checkout = new ApplicationFilter(null, List.of(), List.of(),
				Map.of("team", List.of("checkout")), null);
		ReportRun run = new ReportRun("weekly-performance", REAL,
				new Accounts(List.of(new Account(1234567, "Production"), new Account(7654321, null))), WEEK,
				Path.of("/data/out"), "2026-11-21T08:00:00Z", List.of(Recipient.parse("slack:ops"),
						Recipient.parse("Ops <ops@example.com>"), Recipient.parse("OPS@example.com")),
				"checkout", checkout, SendWhen.parse("regressions"), 2);

		// when
		JobParameters parameters = run.toJobParameters();

		// then the names and values an existing job repository holds, identifying as
		// before, and the same run read back
		assertThat(parameters).isEqualTo(new JobParametersBuilder().addString("report", "weekly-performance")
			.addString("source", REAL)
			.addLong("account", 1234567L)
			.addString("from", "2026-11-09T00:00:00+01:00")
			.addString("to", "2026-11-16T00:00:00+01:00")
			.addString("output.dir", Path.of("/data/out").toAbsolutePath().normalize().toString(), false)
			.addString("account.name", "Production", false)
			.addString("accounts", "1234567,7654321")
			.addString("accounts.names", "1234567=Production", false)
			.addString("forced.at", "2026-11-21T08:00:00Z")
			.addString("deliver.to", "Ops <ops@example.com>,slack:ops")
			.addString("deliver.when", "regressions", false)
			.addString("team", "checkout")
			.addString("team.applications", "{applications: {tags: {team: [checkout]}}}", false)
			.addString("attempt", "2")
			.toJobParameters());
		assertThat(ReportRun.of(parameters)).isEqualTo(run);
		assertThat(ReportRun.of(parameters).toJobParameters()).isEqualTo(parameters);
	}

	@Test
	void theIdentitiesOfLocksAndMessageIdsAreThoseOfEarlierVersions() {
		// given one account's run, and a team's over two accounts after an abandoned
		// attempt
		ReportRun one = run(REAL, List.of("ops@example.com"), null);
		ReportRun several = new ReportRun("weekly-performance", "demo",
				new Accounts(List.of(TestSandbox.DEMO_ACCOUNT, new Account(7654321, null))), WEEK, Path.of("output"),
				"2026-11-21T08:00:00Z", List.of(), "checkout", new ApplicationFilter(null, List.of(1001L)),
				SendWhen.ALWAYS, 3);

		// then they read as the Message-IDs and locks already recorded do
		assertThat(one.lockIdentity()).isEqualTo(
				"weekly-performance|https://api.example.com|1234567|2026-11-09T00:00:00+01:00|2026-11-16T00:00:00+01:00|null|null");
		assertThat(one.messageIdentity()).isEqualTo(one.lockIdentity());
		assertThat(several.lockIdentity()).isEqualTo("weekly-performance|demo|1234567+1234567,7654321"
				+ "|2026-11-09T00:00:00+01:00|2026-11-16T00:00:00+01:00|2026-11-21T08:00:00Z|checkout");
		assertThat(several.messageIdentity()).isEqualTo(several.lockIdentity() + "|attempt 3");
	}

	/** A run as its job parameters give it back. */
	private static ReportRun run(String source, List<String> recipients, String forcedAt) {
		return ReportRun.of(new ReportRun("weekly-performance", source, TestSandbox.DEMO_ACCOUNT, WEEK,
				Path.of("output"), forcedAt, recipients)
			.toJobParameters());
	}

}
