package io.apmreports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.apache.commons.csv.CSVFormat;
import org.apache.poi.ss.usermodel.Workbook;
import org.apache.poi.ss.usermodel.WorkbookFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.apmreports.sandbox.BadBody;
import io.apmreports.sandbox.FailEvery;
import io.apmreports.sandbox.Faults;
import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.sandbox.SandboxServer;
import io.apmreports.testing.ChildJvm;

/**
 * A bad day against the sandbox: a flaky API, applications that answer nonsense, a
 * process killed mid-run. Each ends with the report an uneventful day would have given,
 * or with rows that say what failed.
 */
class BadDayIntegrationTests {

	private static final String KEY = "bad-day-key";

	private static final String FROM = "--from=2026-11-09T00:00:00+01:00";

	private static final String TO = "--to=2026-11-16T00:00:00+01:00";

	private static final String SUMMARY = "weekly-performance/1234567/2026-11-09_2026-11-16/summary.csv";

	private static final String WORKBOOK = "weekly-performance/1234567/2026-11-09_2026-11-16/"
			+ "weekly-performance_1234567_2026-11-09_2026-11-16.xlsx";

	/**
	 * The weekly report without its optional sections: these tests are about fetching,
	 * not about sections.
	 */
	private static final String SUMMARY_ONLY = "--report.definitions=app/src/test/resources/summary-reports";

	/** Retries without real waiting: the test is about outcomes, not timing. */
	private static final String[] FAST_RETRIES = { "--apm.retry.initial-backoff=1ms", "--apm.retry.max-backoff=4ms",
			"--apm.retry.max-wait=4ms" };

	@TempDir
	Path workDir;

	@Test
	void aFlakyApiGivesTheSameReportByteForByte() throws IOException {
		// given the same account twice: once calm, once with a 429 every 5th request, a
		// 503 every 7th, and a body cut off every 13th
		Faults flaky = Faults.none().withFailEvery(429, 5).withFailEvery(503, 7).withTruncateEvery(13);
		try (SandboxServer calm = SandboxServer.start(SandboxOptions.demo(KEY));
				SandboxServer stormy = SandboxServer.start(SandboxOptions.demo(KEY).withFaults(flaky))) {

			// when
			Path calmReport = report(calm, "calm");
			Path stormyReport = report(stormy, "stormy");

			// then
			assertThat(stormy.requests().failures(429)).isPositive();
			assertThat(stormy.requests().failures(503)).isPositive();
			assertThat(Files.readAllBytes(stormyReport)).isEqualTo(Files.readAllBytes(calmReport));
			assertThat(Files.readString(calmReport)).contains(",ok,").doesNotContain(",failed,");
		}
	}

	@Test
	void a429OnEverySecondRequestStillGivesTheWholeReport() throws IOException {
		// given a service that refuses every second request with 429 and Retry-After: 0
		Faults halfRefused = Faults.none().withFailEvery(new FailEvery(429, 2, 0));
		try (SandboxServer sandbox = SandboxServer.start(SandboxOptions.demo(KEY).withFaults(halfRefused))) {
			Path keyFile = Files.writeString(workDir.resolve("refused.key"), KEY);

			// when it runs at the default concurrency, with small backoffs, paced at 100
			// requests a second (the sandbox answers well within the 10 ms between two
			// requests, as the real service does within the default pacing's 62 ms)
			List<String> args = new ArrayList<>(
					List.of("run", "weekly-performance", FROM, TO, SUMMARY_ONLY, "--apm.rate-limit=6000",
							"--apm.base-url=" + sandbox.baseUrl(), "--apm.account-id=" + sandbox.options().accountId(),
							"--apm.api-key-file=" + keyFile, "--apm.data-dir=" + workDir.resolve("refused/data"),
							"--output-dir=" + workDir.resolve("refused/out")));
			args.addAll(List.of(FAST_RETRIES));
			CliRunner.Result result = CliRunner.run(args.toArray(String[]::new));

			// then about half the requests were refused, yet every request got through
			// within its attempts, and every application has its figures
			assertThat(result.exitCode()).as(result.all()).isZero();
			assertThat(sandbox.requests().failures(429)).isGreaterThan(sandbox.requests().total() / 3);
			String summary = Files.readString(workDir.resolve("refused/out/" + SUMMARY));
			assertThat(summary).contains(",ok,").doesNotContain(",failed,");
		}
	}

	@Test
	void a500OnEverySecondRequestAlwaysGivesTheWholeReport() throws IOException {
		// given a service that fails every second request with 500, without asking to
		// wait
		Faults halfFailed = Faults.none().withFailEvery(500, 2);
		try (SandboxServer sandbox = SandboxServer.start(SandboxOptions.demo(KEY).withFaults(halfFailed))) {
			Path keyFile = Files.writeString(workDir.resolve("failed.key"), KEY);

			// when it runs with more threads than the default, unpaced, so that many
			// requests are in flight when one fails
			List<String> args = new ArrayList<>(List.of("run", "weekly-performance", FROM, TO, SUMMARY_ONLY,
					"--apm.rate-limit=0", "--report.concurrency=8", "--apm.base-url=" + sandbox.baseUrl(),
					"--apm.account-id=" + sandbox.options().accountId(), "--apm.api-key-file=" + keyFile,
					"--apm.data-dir=" + workDir.resolve("failed/data"),
					"--output-dir=" + workDir.resolve("failed/out")));
			args.addAll(List.of(FAST_RETRIES));
			CliRunner.Result result = CliRunner.run(args.toArray(String[]::new));

			// then about half the requests failed, yet each failed one was the next
			// request sent and got through, and every application has its figures
			assertThat(result.exitCode()).as(result.all()).isZero();
			assertThat(sandbox.requests().failures(500)).isGreaterThan(sandbox.requests().total() / 3);
			String summary = Files.readString(workDir.resolve("failed/out/" + SUMMARY));
			assertThat(summary).contains(",ok,").doesNotContain(",failed,");
		}
	}

	@Test
	void applicationsThatAnswerNonsenseAreFailedRowsAndTheRunGoesOn() throws IOException {
		// given six applications whose metric data is broken in six ways
		Faults nonsense = Faults.none()
			.withBadBody(1001, BadBody.HTML)
			.withBadBody(1002, BadBody.TRUNCATED_JSON)
			.withBadBody(1003, BadBody.WRONG_TYPES)
			.withBadBody(1004, BadBody.NAN)
			.withBadBody(1006, BadBody.NEGATIVE)
			.withBadBody(1007, BadBody.HUGE);
		try (SandboxServer sandbox = SandboxServer.start(SandboxOptions.demo(KEY).withFaults(nonsense))) {

			// when (six of thirteen failing is allowed here, to see the rows)
			Path summary = report(sandbox, "nonsense", "--report.max-failed-share=0.5");

			// then
			Map<String, String> statusById;
			try (var reader = Files.newBufferedReader(summary)) {
				statusById = CSVFormat.RFC4180.builder()
					.setHeader()
					.setSkipHeaderRecord(true)
					.get()
					.parse(reader)
					.stream()
					.collect(Collectors.toMap(row -> row.get("application_id"), row -> row.get("status")));
			}
			assertThat(statusById).hasSize(13);
			assertThat(statusById).containsEntry("1001", "failed")
				.containsEntry("1002", "failed")
				.containsEntry("1003", "failed")
				.containsEntry("1004", "failed")
				.containsEntry("1006", "failed")
				.containsEntry("1007", "failed")
				.containsEntry("1005", "ok")
				.containsEntry("1008", "ok");
			assertThat(Files.readString(summary)).contains("unreadable answer");
		}
	}

	@Test
	void aRunKilledWithSigkillIsRecoveredAtOnceAndEndsWithTheReportItWasLaunchedWith() throws Exception {
		// given a slow sandbox, so that the run is surely in the middle when it is
		// killed, and a definitions directory of the test's own, to edit
		try (SandboxServer sandbox = slowSandbox()) {
			Path definitions = Files.createDirectories(workDir.resolve("killed-reports"));
			Path definition = Files.copy(Path.of("app/src/test/resources/summary-reports/weekly-performance.yml"),
					definitions.resolve("weekly-performance.yml"));
			List<String> args = chunkedRun(sandbox, "killed", "--report.definitions=" + definitions);

			// when a separate JVM runs the report and is killed once its first chunk is
			// committed: each application takes three requests (timing, Apdex, errors),
			// so the 7th request belongs to the second chunk of two
			Process process = ChildJvm.start(args, workDir.resolve("killed-run.log"));
			boolean firstChunkDone = sandbox.requests().await("metric-data", 7, Duration.ofSeconds(60));
			process.destroyForcibly().waitFor();
			long fetchedBeforeKill = sandbox.requests().count("metric-data");

			// then it did not finish, and left no report behind
			assertThat(firstChunkDone).as(Files.readString(workDir.resolve("killed-run.log"))).isTrue();
			assertThat(fetchedBeforeKill).isLessThan(13 * 3);
			assertThat(workDir.resolve("killed/out/" + SUMMARY)).doesNotExist();

			// when the definition is edited (another title, no workbook) and the run is
			// launched again at once, with report.recover-after at its default of 10
			// minutes
			Files.writeString(definition,
					Files.readString(definition)
						.replace("title: Weekly performance", "title: Edited meanwhile")
						.replace("formats: [xlsx, csv]", "formats: [csv]"));
			sandbox.requests().reset();
			CliRunner.Result relaunch = CliRunner.run(args.toArray(String[]::new));

			// then the dead process was seen at once, the edit was named, and the run
			// continued with the definition it was launched with: the committed chunks
			// were not fetched again, and the report is complete, with its workbook and
			// its title
			assertThat(relaunch.exitCode()).as(relaunch.all()).isZero();
			assertThat(relaunch.all())
				.containsPattern("Recovering run \\d+: it was left STARTED by process \\d+ of this host, which is gone")
				.contains(definition + " changed since run")
				.contains("uses the definition it was launched with");
			assertThat(sandbox.requests().count("metric-data")).isLessThan(13 * 3).isGreaterThan(0);
			assertThat(sandbox.requests().count("applications")).isZero();
			Path uninterrupted = report(sandbox, "uninterrupted");
			assertThat(Files.readAllBytes(workDir.resolve("killed/out/" + SUMMARY)))
				.isEqualTo(Files.readAllBytes(uninterrupted));
			Path workbook = workDir.resolve("killed/out/" + WORKBOOK);
			try (Workbook read = WorkbookFactory.create(workbook.toFile())) {
				assertThat(read.getSheet("Overview").getRow(0).getCell(0).getStringCellValue())
					.isEqualTo("Weekly performance");
			}
		}
	}

	@Test
	void sigtermStopsTheRunAtAChunkBoundarySoThatItCanBeRestarted() throws Exception {
		// given a slow sandbox and a report running in a separate JVM
		try (SandboxServer sandbox = slowSandbox()) {
			List<String> args = chunkedRun(sandbox, "stopped");
			Process process = ChildJvm.start(args, workDir.resolve("stopped-run.log"));
			assertThat(sandbox.requests().await("metric-data", 3, Duration.ofSeconds(60))).isTrue();

			// when it gets SIGTERM
			process.destroy();
			process.waitFor();

			// then it says it stopped, its run is STOPPED, and launching it again
			// completes the report
			assertThat(Files.readString(workDir.resolve("stopped-run.log"))).contains("stopped; launch it again");
			CliRunner.Result runs = CliRunner.run("runs", "--apm.data-dir=" + workDir.resolve("stopped/data"));
			assertThat(runs.out()).contains("STOPPED");
			CliRunner.Result again = CliRunner.run(args.toArray(String[]::new));
			assertThat(again.exitCode()).as(again.all()).isZero();
			assertThat(workDir.resolve("stopped/out/" + SUMMARY)).isRegularFile();
		}
	}

	@Test
	void sigtermWithAUsersH2UrlStillRecordsTheStopAndTheRelaunchContinues() throws Exception {
		// given a report running in a separate JVM on an H2 URL of the user's, which says
		// nothing of closing on exit
		try (SandboxServer sandbox = slowSandbox()) {
			String url = "jdbc:h2:file:" + workDir.resolve("user-url/repository/apm");
			List<String> args = chunkedRun(sandbox, "user-url");
			Path log = workDir.resolve("user-url-run.log");
			Process process = ChildJvm.start(args, Map.of("SPRING_DATASOURCE_URL", url), log);
			// each application takes three requests: the 7th belongs to the second chunk
			// of two
			boolean firstChunkDone = sandbox.requests().await("metric-data", 7, Duration.ofSeconds(60));

			// when it gets SIGTERM mid-fetch
			process.destroy();
			int exitCode = process.waitFor();

			// then the run recorded its stop
			assertThat(firstChunkDone).as(Files.readString(log)).isTrue();
			assertThat(exitCode).as(Files.readString(log)).isEqualTo(143);
			assertThat(Files.readString(log)).contains("stopped; launch it again");
			CliRunner.Result runs = CliRunner.run("runs", "--spring.datasource.url=" + url,
					"--apm.data-dir=" + workDir.resolve("user-url/data"));
			assertThat(runs.out()).as(runs.all()).contains(" STOPPED ");

			// when it is launched again at once
			sandbox.requests().reset();
			List<String> again = new ArrayList<>(args);
			again.add("--spring.datasource.url=" + url);
			CliRunner.Result relaunch = CliRunner.run(again.toArray(String[]::new));

			// then it continued after the committed chunks, and completed the report
			assertThat(relaunch.exitCode()).as(relaunch.all()).isZero();
			assertThat(sandbox.requests().count("metric-data")).isLessThan(13 * 3 - 6).isGreaterThan(0);
			assertThat(workDir.resolve("user-url/out/" + SUMMARY)).isRegularFile();
		}
	}

	@Test
	void aLongFetchSaysHowItIsGoing() throws Exception {
		// given a fetch of about 1.5 s (13 applications, 3 requests of 40 ms each, one at
		// a time)
		try (SandboxServer sandbox = slowSandbox()) {
			List<String> args = new ArrayList<>(chunkedRun(sandbox, "progress"));
			args.addAll(List.of("--report.concurrency=1", "--report.progress-interval=100ms"));

			// when
			CliRunner.Result result = CliRunner.run(args.toArray(String[]::new));

			// then it said how far it got, at what pace, and how long is left
			assertThat(result.exitCode()).as(result.all()).isZero();
			assertThat(result.out())
				.containsPattern("Fetching figures: \\d+ of 13 applications, (about \\S+|less than a minute) left, "
						+ "\\d+ requests/min");
		}
	}

	/**
	 * Slow enough that a run of two applications per chunk is surely in the middle when
	 * the test acts.
	 */
	@Test
	void aSecondProcessOnTheH2JobRepositoryWorksThroughTheFirst() throws Exception {
		// given a report running in another JVM on the same data directory
		try (SandboxServer sandbox = slowSandbox()) {
			List<String> args = chunkedRun(sandbox, "busy");
			Process process = ChildJvm.start(args, workDir.resolve("busy-run.log"));
			try {
				boolean running = sandbox.requests().await("metric-data", 1, Duration.ofSeconds(60));

				// when someone lists the runs meanwhile
				CliRunner.Result runs = CliRunner.run("runs", "--apm.data-dir=" + workDir.resolve("busy/data"));

				// then it is told of the run going on, through the repository the run
				// serves
				assertThat(running).as(Files.readString(workDir.resolve("busy-run.log"))).isTrue();
				assertThat(runs.exitCode()).as(runs.all() + Files.readString(workDir.resolve("busy-run.log"))).isZero();
				assertThat(runs.out()).containsPattern("(?m)^1 +\\S+ .* STARTED ");
				assertThat(runs.all()).doesNotContain("\tat ").doesNotContain("Exception");
			}
			finally {
				process.destroyForcibly().waitFor();
			}
		}
	}

	private static SandboxServer slowSandbox() {
		return SandboxServer
			.start(SandboxOptions.demo(KEY).withFaults(Faults.none().withLatency(Duration.ofMillis(40))));
	}

	private List<String> chunkedRun(SandboxServer sandbox, String name) throws IOException {
		return chunkedRun(sandbox, name, SUMMARY_ONLY);
	}

	private List<String> chunkedRun(SandboxServer sandbox, String name, String definitions) throws IOException {
		Path keyFile = Files.writeString(workDir.resolve(name + ".key"), KEY);
		return List.of("run", "weekly-performance", FROM, TO, "--apm.base-url=" + sandbox.baseUrl(),
				"--apm.account-id=" + sandbox.options().accountId(), "--apm.api-key-file=" + keyFile,
				"--apm.data-dir=" + workDir.resolve(name + "/data"), "--output-dir=" + workDir.resolve(name + "/out"),
				"--report.chunk-size=2", definitions);
	}

	private Path report(SandboxServer sandbox, String name, String... extra) throws IOException {
		Path keyFile = Files.writeString(workDir.resolve(name + ".key"), KEY);
		List<String> args = new ArrayList<>(List.of("run", "weekly-performance", FROM, TO, SUMMARY_ONLY,
				"--apm.base-url=" + sandbox.baseUrl(), "--apm.account-id=" + sandbox.options().accountId(),
				"--apm.api-key-file=" + keyFile, "--apm.data-dir=" + workDir.resolve(name + "/data"),
				"--output-dir=" + workDir.resolve(name + "/out")));
		args.addAll(List.of(FAST_RETRIES));
		args.addAll(List.of(extra));
		CliRunner.Result result = CliRunner.run(args.toArray(String[]::new));
		assertThat(result.exitCode()).as(result.all()).isZero();
		return workDir.resolve(name + "/out/" + SUMMARY);
	}

}
