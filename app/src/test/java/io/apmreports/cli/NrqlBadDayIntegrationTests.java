package io.apmreports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import io.apmreports.sandbox.FailEvery;
import io.apmreports.sandbox.Faults;
import io.apmreports.sandbox.NerdGraphLimits;
import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.sandbox.SandboxServer;
import io.apmreports.testing.ChildJvm;

/**
 * A bad day of the NRQL source ({@code apm.source=nrql}) against the sandbox's NerdGraph
 * face, through the command line and the job: a process killed mid-run, a refused key or
 * account, every error class NerdGraph answers, and a limit on the facets an answer
 * holds. Each ends with the report an uneventful day would have given, or with one line.
 */
class NrqlBadDayIntegrationTests {

	private static final String KEY = "nrql-bad-day-key";

	private static final String FROM = "--from=2026-11-09T00:00:00+01:00";

	private static final String TO = "--to=2026-11-16T00:00:00+01:00";

	private static final String SUMMARY = "weekly-performance/1234567/2026-11-09_2026-11-16/summary.csv";

	/**
	 * The weekly report without its optional sections: these tests are about fetching,
	 * not about sections.
	 */
	private static final String SUMMARY_ONLY = "--report.definitions=app/src/test/resources/summary-reports";

	/** Retries without real waiting: the test is about outcomes, not timing. */
	private static final String[] FAST_RETRIES = { "--apm.retry.initial-backoff=1ms", "--apm.retry.max-backoff=4ms",
			"--apm.retry.max-wait=4ms" };

	/** The demo account's applications. */
	private static final int APPLICATIONS = 13;

	@TempDir
	Path workDir;

	@Test
	void aRunKilledWithSigkillRestartsAfterItsLastCommittedChunk() throws Exception {
		// given a slow sandbox, and what an uninterrupted run asks of it in chunks of two
		// and in one chunk: the difference is the queries of the six chunks more, which
		// gives the queries of a chunk and those of the listing before the first chunk
		try (SandboxServer sandbox = slowSandbox()) {
			long inOneChunk = graphqlRequests(sandbox, "one-chunk", "--report.chunk-size=100");
			long inChunksOfTwo = graphqlRequests(sandbox, "uninterrupted", "--report.chunk-size=2");
			int chunks = (APPLICATIONS + 1) / 2;
			long perChunk = (inChunksOfTwo - inOneChunk) / (chunks - 1);
			long listing = inOneChunk - perChunk;
			assertThat(perChunk).isPositive();
			assertThat(listing + chunks * perChunk).isEqualTo(inChunksOfTwo);

			// when a separate JVM runs the report and is killed once the second chunk's
			// first query arrives, so that the first chunk is committed
			List<String> args = nrqlRun(sandbox, "killed", "--report.chunk-size=2");
			Process process = ChildJvm.start(args, workDir.resolve("killed-run.log"));
			boolean firstChunkDone = sandbox.requests()
				.await("graphql", listing + perChunk + 1, Duration.ofSeconds(60));
			process.destroyForcibly().waitFor();
			long askedBeforeKill = sandbox.requests().count("graphql");

			// then it did not finish, and left no report behind
			assertThat(firstChunkDone).as(Files.readString(workDir.resolve("killed-run.log"))).isTrue();
			assertThat(askedBeforeKill).isLessThan(inChunksOfTwo);
			assertThat(workDir.resolve("killed/out/" + SUMMARY)).doesNotExist();

			// when it is launched again
			sandbox.requests().reset();
			CliRunner.Result relaunch = CliRunner.run(args.toArray(String[]::new));

			// then it recovered the dead run and asked neither the listing nor the
			// committed chunks again: at most the chunk it was killed in is asked twice
			assertThat(relaunch.exitCode()).as(relaunch.all()).isZero();
			assertThat(relaunch.all()).containsPattern("Recovering run \\d+");
			long askedAgain = sandbox.requests().count("graphql");
			// (every launch asks the account's name once: the one query of the listing's
			// share asked again)
			assertThat(askedAgain).isPositive()
				.isLessThanOrEqualTo(inChunksOfTwo - listing - perChunk + 1)
				.isLessThanOrEqualTo(inChunksOfTwo - askedBeforeKill + perChunk + 1);
			assertThat(Files.readAllBytes(workDir.resolve("killed/out/" + SUMMARY)))
				.isEqualTo(Files.readAllBytes(workDir.resolve("uninterrupted/out/" + SUMMARY)));
		}
	}

	@Test
	void aRefusedKeyStopsTheRunWithOneLineAndNoReport() throws IOException {
		// given a sandbox whose key is not the one sent
		String wrongKey = "wrong-nrql-key-4711";
		try (SandboxServer sandbox = SandboxServer.start(SandboxOptions.demo(KEY))) {

			// when
			CliRunner.Result result = CliRunner
				.run(nrqlRunWithKey(sandbox, "refused", wrongKey).toArray(String[]::new));

			// then
			assertThat(result.exitCode()).as(result.all()).isNotZero();
			assertThat(problemLines(result)).as(result.all())
				.singleElement()
				.asString()
				.contains("the API key was refused");
			assertThat(result.all()).doesNotContain("\tat ")
				.doesNotContain("Exception")
				.doesNotContain(wrongKey)
				.doesNotContain(KEY);
			assertNoReport("refused");
		}
	}

	@Test
	void anAccountTheKeyMayNotReadStopsTheRunWithOneLineAndNoReport() throws IOException {
		// given the right key, and an account id other than the sandbox's
		try (SandboxServer sandbox = SandboxServer.start(SandboxOptions.demo(KEY))) {
			List<String> args = new ArrayList<>(nrqlRunWithKey(sandbox, "forbidden", KEY));
			args.replaceAll(arg -> arg.startsWith("--apm.account-id=")
					? "--apm.account-id=" + (SandboxOptions.DEMO_ACCOUNT_ID + 1) : arg);

			// when
			CliRunner.Result result = CliRunner.run(args.toArray(String[]::new));

			// then
			assertThat(result.exitCode()).as(result.all()).isNotZero();
			assertThat(problemLines(result)).as(result.all())
				.singleElement()
				.asString()
				.contains("may not read the account")
				.contains("apm.account-id");
			assertThat(result.all()).doesNotContain("\tat ").doesNotContain("Exception").doesNotContain(KEY);
			assertNoReport("forbidden");
		}
	}

	static Stream<Arguments> badDays() {
		return Stream.of(Arguments.of("TIMEOUT every 2nd", Faults.none().withNerdGraphFailEvery("TIMEOUT", 2)),
				Arguments.of("INTERNAL_SERVER_ERROR every 3rd",
						Faults.none().withNerdGraphFailEvery("INTERNAL_SERVER_ERROR", 3)),
				Arguments.of("SERVER_ERROR every 2nd", Faults.none().withNerdGraphFailEvery("SERVER_ERROR", 2)),
				Arguments.of("TOO_MANY_REQUESTS every 3rd",
						Faults.none().withNerdGraphFailEvery("TOO_MANY_REQUESTS", 3)),
				Arguments.of("HTTP 429 every 2nd", Faults.none().withFailEvery(new FailEvery(429, 2, 0))),
				Arguments.of("HTTP 503 every 3rd", Faults.none().withFailEvery(503, 3)),
				Arguments.of("dropped connection every 3rd", Faults.none().withDropEvery(3)),
				Arguments.of("body cut off every 2nd", Faults.none().withTruncateEvery(2)));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("badDays")
	void eachErrorClassIsTriedAgainAndGivesTheCalmReportByteForByte(String day, Faults faults) throws IOException {
		// given the same account twice: once calm, once failing as named
		try (SandboxServer calm = SandboxServer.start(SandboxOptions.demo(KEY));
				SandboxServer stormy = SandboxServer.start(SandboxOptions.demo(KEY).withFaults(faults))) {

			// when
			Path calmReport = report(calm, "calm");
			CliRunner.Result stormyRun = run(stormy, "stormy");

			// then the failed requests were asked again, and the report is the calm one
			assertThat(stormyRun.exitCode()).as(stormyRun.all()).isZero();
			assertThat(stormy.requests().count("graphql")).isGreaterThan(calm.requests().count("graphql"));
			assertThat(stormyRun.out()).containsPattern(" [1-9]\\d* retries");
			assertThat(Files.readAllBytes(workDir.resolve("stormy/out/" + SUMMARY)))
				.isEqualTo(Files.readAllBytes(calmReport));
			assertThat(Files.readString(calmReport)).contains(",ok,").doesNotContain(",failed,");
		}
	}

	@Test
	void answersThatStayCutOffFailTheRunWithOneLineAfterTheirRetries() throws IOException {
		// given a NerdGraph face that cuts off every answer half-way
		try (SandboxServer sandbox = SandboxServer
			.start(SandboxOptions.demo(KEY).withFaults(Faults.none().withTruncateEvery(1)))) {

			// when
			CliRunner.Result result = run(sandbox, "cut");

			// then each request was tried as often as apm.retry allows, and the run
			// failed
			// with one line saying what came back, and wrote nothing
			assertThat(result.exitCode()).as(result.all()).isEqualTo(1);
			assertThat(sandbox.requests().count("graphql")).isGreaterThanOrEqualTo(6);
			assertThat(problemLines(result)).as(result.all())
				.singleElement()
				.asString()
				.contains("closed before the answer was complete");
			assertThat(result.all()).doesNotContain("\tat ").doesNotContain("Exception").doesNotContain("EOF");
			assertNoReport("cut");
		}
	}

	@ParameterizedTest(name = "at most {0} facets an answer")
	@ValueSource(ints = { 20, 8 })
	void aChunkLargerThanOneQueryCanHoldIsSplitAndLosesNoApplication(int facetLimit) throws IOException {
		// given the REST report of the demo account, and a NerdGraph face answering at
		// most a few facets a query, cutting off the rest silently
		try (SandboxServer sandbox = SandboxServer.start(
				SandboxOptions.demo(KEY).withNerdGraphLimits(NerdGraphLimits.service().withFacetLimit(facetLimit)))) {
			Path restReport = restReport(sandbox);

			// when the NRQL client is told the limit, and when it is not
			Path split = report(sandbox, "told", "--apm.nrql.max-facets=" + facetLimit);
			Path cut = report(sandbox, "untold");

			// then with the limit known, the queries of the chunk were split and every
			// application has REST's figures; without it, answers were cut, which shows
			// the chunk did not fit in one query
			assertThat(Files.readAllBytes(split)).isEqualTo(Files.readAllBytes(restReport));
			assertThat(Files.readAllLines(split)).hasSize(APPLICATIONS + 1);
			assertThat(Files.readAllBytes(cut)).isNotEqualTo(Files.readAllBytes(restReport));
		}
	}

	private static SandboxServer slowSandbox() {
		return SandboxServer
			.start(SandboxOptions.demo(KEY).withFaults(Faults.none().withLatency(Duration.ofMillis(100))));
	}

	/**
	 * The NerdGraph requests of a whole run, the sandbox's log reset before and after.
	 */
	private long graphqlRequests(SandboxServer sandbox, String name, String... extra) throws IOException {
		sandbox.requests().reset();
		report(sandbox, name, extra);
		long requests = sandbox.requests().count("graphql");
		sandbox.requests().reset();
		return requests;
	}

	private List<String> nrqlRun(SandboxServer sandbox, String name, String... extra) throws IOException {
		return nrqlRunWithKey(sandbox, name, KEY, extra);
	}

	private List<String> nrqlRunWithKey(SandboxServer sandbox, String name, String key, String... extra)
			throws IOException {
		Path keyFile = Files.writeString(workDir.resolve(name + ".key"), key);
		List<String> args = new ArrayList<>(List.of("run", "weekly-performance", FROM, TO, SUMMARY_ONLY,
				"--apm.source=nrql", "--apm.account-id=" + SandboxOptions.DEMO_ACCOUNT_ID,
				"--apm.nrql.graphql-url=" + sandbox.graphqlUrl(), "--apm.api-key-file=" + keyFile,
				"--apm.data-dir=" + workDir.resolve(name + "/data"), "--output-dir=" + workDir.resolve(name + "/out")));
		args.addAll(List.of(FAST_RETRIES));
		args.addAll(List.of(extra));
		return args;
	}

	private CliRunner.Result run(SandboxServer sandbox, String name, String... extra) throws IOException {
		return CliRunner.run(nrqlRun(sandbox, name, extra).toArray(String[]::new));
	}

	private Path report(SandboxServer sandbox, String name, String... extra) throws IOException {
		CliRunner.Result result = run(sandbox, name, extra);
		assertThat(result.exitCode()).as(result.all()).isZero();
		return workDir.resolve(name + "/out/" + SUMMARY);
	}

	/** The same account's report through the REST source. */
	private Path restReport(SandboxServer sandbox) throws IOException {
		Path keyFile = Files.writeString(workDir.resolve("rest.key"), KEY);
		CliRunner.Result result = CliRunner.run("run", "weekly-performance", FROM, TO, SUMMARY_ONLY,
				"--apm.base-url=" + sandbox.baseUrl(), "--apm.account-id=" + sandbox.options().accountId(),
				"--apm.api-key-file=" + keyFile, "--apm.data-dir=" + workDir.resolve("rest/data"),
				"--output-dir=" + workDir.resolve("rest/out"));
		assertThat(result.exitCode()).as(result.all()).isZero();
		return workDir.resolve("rest/out/" + SUMMARY);
	}

	/** The lines a failed run printed on standard error. */
	private static List<String> problemLines(CliRunner.Result result) {
		return result.err().lines().filter(line -> !line.isBlank()).toList();
	}

	private void assertNoReport(String name) throws IOException {
		Path out = workDir.resolve(name + "/out");
		if (Files.exists(out)) {
			try (Stream<Path> files = Files.walk(out)) {
				assertThat(files.filter(Files::isRegularFile)).isEmpty();
			}
		}
	}

}
