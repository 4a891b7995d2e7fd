package io.apmreports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import com.icegreen.greenmail.junit5.GreenMailExtension;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.apmreports.sandbox.Faults;
import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.sandbox.SandboxServer;
import io.apmreports.testing.TestMail;

/**
 * A part of a section that the service would not give (a refused query, a refused
 * request, retries spent) is never written as if its data were absent: the run ends
 * FAILED with one line naming the part and why, publishes nothing and sends nothing; and
 * launched again once the service answers, it completes with the whole report. Through
 * both sources, with the weekly report's every section, delivered by e-mail.
 */
class NoSilentGapsIntegrationTests {

	private static final String KEY = "no-silent-gaps-key";

	private static final String WEEK = "weekly-performance/1234567/2026-11-09_2026-11-16/";

	/** The series of every application of the demo account over the week. */
	private static final Path GOLDEN_TREND = Path.of("app/src/test/resources/golden/weekly-performance/trend.csv");

	/** A demo application with web traffic all week, whose series is refused. */
	private static final long REFUSED = 1004;

	@RegisterExtension
	static final GreenMailExtension greenMail = TestMail.server();

	@TempDir
	Path workDir;

	@BeforeEach
	void emptyMailbox() throws Exception {
		greenMail.purgeEmailFromAllMailboxes();
	}

	@ParameterizedTest(name = "NRQL refusing the query with {0}")
	@CsvSource(delimiter = '|', value = {
			"TIMESERIES | the trend could not be fetched for applications Checkout Service (1001), Inventory API "
					+ "(1002), Storefront Legacy (1003) and 10 more: ",
			"10 minutes ago | the key transactions' 10-minute summaries could not be fetched for applications " })
	void aRefusedNrqlQueryFailsTheRunNamingItsPartAndARelaunchCompletes(String refused, String named)
			throws IOException {
		// given a NerdGraph face that refuses the one query of a section (the demo's 13
		// applications fit one query of each), as the service refuses NRQL it will not
		// run: error class INVALID_INPUT, which is not tried again
		Faults refusing = Faults.none().withRefusedNrql(refused);

		// then the run fails naming the part and the service's refusal, and the relaunch
		// completes
		failsNamingThePartThenARelaunchCompletes(refusing, "nrql", 1, "apm-reports: run 1 failed: " + named,
				"nrql request answered INVALID_INPUT (Query refused: it contains '" + refused + "'");
	}

	@ParameterizedTest(name = "REST answering {0} to one series, {1} times")
	@CsvSource({ "422, 1", "503, 3" })
	void aRefusedSeriesRequestFailsTheRunNamingTheTrendAndARelaunchCompletes(int status, int asked) throws IOException {
		// given the REST face answering one application's series with a status: 422 is
		// a refusal, not tried again; 503 is tried again until the attempts are spent
		Faults refusing = Faults.none().withRefusedSeries(status, REFUSED);

		// then
		failsNamingThePartThenARelaunchCompletes(refusing, "rest", asked,
				"apm-reports: run 1 failed: the trend could not be fetched for application Storefront (1004): ",
				"GET /v2/applications/1004/metrics/data.json answered " + status);
	}

	private void failsNamingThePartThenARelaunchCompletes(Faults refusing, String source, int refusals, String line,
			String why) throws IOException {
		SandboxOptions demo = SandboxOptions.demo(KEY);
		List<String> args;
		int port;
		try (SandboxServer refusingSandbox = SandboxServer.start(demo.withFaults(refusing))) {
			port = refusingSandbox.baseUrl().getPort();
			args = args(refusingSandbox, source);

			// when the weekly report runs, to be delivered
			CliRunner.Result failed = CliRunner.run(args.toArray(String[]::new));

			// then exactly the part's one request was refused (each attempt of it), and
			// the
			// run says so in one line, without a Java class or stack trace
			assertThat(refusingSandbox.requests().refused()).as(failed.all()).isEqualTo(refusals);
			assertThat(failed.exitCode()).as(failed.all()).isEqualTo(1);
			assertThat(failed.err().lines().filter(text -> !text.isBlank()).toList()).as(failed.all())
				.singleElement()
				.asString()
				.startsWith(line)
				.contains(why);
			assertThat(failed.all()).doesNotContain("\tat ")
				.doesNotContain("Exception")
				.doesNotContain("io.apmreports");
			// nothing published, nothing sent
			assertNoFiles(workDir.resolve("out"));
			assertThat(greenMail.getReceivedMessages()).isEmpty();
			// and the run's record says FAILED with the same line
			String failure = failed.err().strip().substring("apm-reports: run 1 failed: ".length());
			CliRunner.Result shown = CliRunner.run("show", "1", "--apm.data-dir=" + workDir.resolve("data"));
			assertThat(shown.out()).as(shown.all()).contains("Status:   FAILED").contains("Failure:  " + failure);
			CliRunner.Result runs = CliRunner.run("runs", "--apm.data-dir=" + workDir.resolve("data"));
			assertThat(runs.out()).as(runs.all()).contains("FAILED");
		}

		// when the service answers again, at the same address, and the run is launched
		// again
		try (SandboxServer answering = SandboxServer.start(demo.withPort(port))) {
			CliRunner.Result relaunch = CliRunner.run(args.toArray(String[]::new));

			// then it completes with the whole series of every application, and is sent
			assertThat(relaunch.exitCode()).as(relaunch.all()).isZero();
			Path written = workDir.resolve("out/" + WEEK);
			assertThat(Files.readString(written.resolve("trend.csv"))).isEqualTo(Files.readString(GOLDEN_TREND));
			assertThat(Files.readString(written.resolve("trend.csv"))).contains(REFUSED + ",2026-11-15T23:00:00+01:00");
			assertThat(Files.readAllLines(written.resolve("key-transactions.csv"))).hasSizeGreaterThan(1);
			assertThat(greenMail.getReceivedMessages()).hasSize(1);
		}
	}

	private List<String> args(SandboxServer sandbox, String source) throws IOException {
		Path keyFile = Files.writeString(workDir.resolve("key"), KEY);
		return new ArrayList<>(List.of("run", "weekly-performance", "--from=2026-11-09T00:00:00+01:00",
				"--to=2026-11-16T00:00:00+01:00", "--apm.source=" + source, "--apm.base-url=" + sandbox.baseUrl(),
				"--apm.nrql.graphql-url=" + sandbox.graphqlUrl(), "--apm.account-id=" + sandbox.options().accountId(),
				"--apm.api-key-file=" + keyFile, "--apm.data-dir=" + workDir.resolve("data"),
				"--output-dir=" + workDir.resolve("out"), "--deliver", "--recipients=ops@example.com",
				"--spring.mail.host=127.0.0.1", "--spring.mail.port=" + greenMail.getSmtp().getPort(),
				"--apm.retry.max-attempts=3", "--apm.retry.initial-backoff=1ms", "--apm.retry.max-backoff=4ms",
				"--apm.retry.max-wait=4ms", "--apm.rate-limit=0", "--apm.nrql.rate-limit=0"));
	}

	private static void assertNoFiles(Path directory) throws IOException {
		if (Files.exists(directory)) {
			try (Stream<Path> files = Files.walk(directory)) {
				// the empty lock file its writers take turns on is not a report's
				assertThat(files.filter(Files::isRegularFile).filter(file -> !file.toString().contains(".locks")))
					.isEmpty();
			}
		}
	}

}
