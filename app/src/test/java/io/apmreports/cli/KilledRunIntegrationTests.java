package io.apmreports.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.apmreports.definition.SourceKind;
import io.apmreports.sandbox.Faults;
import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.sandbox.SandboxServer;
import io.apmreports.sandbox.SyntheticAccount;
import io.apmreports.testing.ChildJvm;
import io.apmreports.testing.SameReport;

/**
 * The weekly report with every section, killed with SIGKILL while it fetches the trends
 * and while it writes its files, or stopped with SIGTERM while its sections are fetched
 * side by side, through both sources: launched again, it resumes after its last committed
 * chunk and writes the files an uninterrupted run writes.
 */
class KilledRunIntegrationTests {

	private static final String KEY = "killed-run-key";

	private static final String RANGE = "2026-11-09_2026-11-16";

	/** Enough applications that the trends take many chunks and writing takes a while. */
	private static final int APPLICATIONS = 300;

	private static final String CHUNK = "--report.chunk-size=25";

	@TempDir
	static Path workDir;

	private static SandboxServer sandbox;

	/** Each source's uninterrupted run: its output directory and its series requests. */
	private static final Map<SourceKind, Uninterrupted> uninterrupted = new EnumMap<>(SourceKind.class);

	@BeforeAll
	static void startSandbox() {
		sandbox = SandboxServer.start(new SandboxOptions(0, KEY, 100, SyntheticAccount.generated(APPLICATIONS, 1))
			.withFaults(Faults.none().withLatency(Duration.ofMillis(5))));
	}

	@AfterAll
	static void stopSandbox() {
		sandbox.close();
	}

	@ParameterizedTest
	@EnumSource(SourceKind.class)
	void aRunKilledWhileFetchingTrendsResumesAndWritesTheSameFiles(SourceKind source) throws Exception {
		// given what an uninterrupted run writes and asks
		Uninterrupted expected = uninterrupted(source);
		String name = "trends-" + source.settingValue();

		// when a separate JVM runs the report and is killed once half its series are
		// asked for
		Halfway run = untilHalfTheSeries(source, name, expected);
		run.process().destroyForcibly().waitFor();
		long askedBeforeKill = sandbox.requests().seriesRequests() - run.seriesBefore();

		// then it was fetching trends, and left no report behind
		assertThat(run.reached()).as(Files.readString(workDir.resolve(name + ".log"))).isTrue();
		assertThat(published(name)).isEmpty();

		// when it is launched again
		long askedAgain = relaunch(source, name);

		// then it recovered the dead run, asked only for the series of the chunks not yet
		// committed, and wrote the same files
		assertThat(askedAgain).isPositive()
			.isLessThan(expected.series())
			.isLessThanOrEqualTo(expected.series() - askedBeforeKill + 2 * expected.seriesPerChunk());
		SameReport.assertSameFiles(expected.directory(), reportDirectory(name));
	}

	@ParameterizedTest
	@EnumSource(SourceKind.class)
	void aRunKilledWhileWritingItsFilesWritesThemAgainTheSame(SourceKind source) throws Exception {
		// given what an uninterrupted run writes and asks
		Uninterrupted expected = uninterrupted(source);
		String name = "writing-" + source.settingValue();

		// when a separate JVM runs the report and is killed once its trend file has
		// grown in the staging directory of the files being written
		long before = sandbox.requests().seriesRequests();
		Process process = ChildJvm.start(arguments(source, name), workDir.resolve(name + ".log"));
		await().atMost(Duration.ofSeconds(120))
			.pollInterval(Duration.ofMillis(2))
			.ignoreExceptions()
			.until(() -> !process.isAlive() || stagedTrendBytes(name) > 0);
		process.destroyForcibly().waitFor();

		// then it was writing, had fetched every series, and published nothing
		assertThat(process.exitValue()).as(Files.readString(workDir.resolve(name + ".log"))).isNotZero();
		assertThat(sandbox.requests().seriesRequests() - before).isEqualTo(expected.series());
		assertThat(published(name)).isEmpty();

		// when it is launched again
		long askedAgain = relaunch(source, name);

		// then it recovered the dead run, fetched nothing again, and the half-written
		// files are gone for those of the uninterrupted run
		assertThat(askedAgain).isZero();
		assertThat(staging(name)).isEmpty();
		SameReport.assertSameFiles(expected.directory(), reportDirectory(name));
	}

	@ParameterizedTest
	@EnumSource(SourceKind.class)
	void sigtermWhileTheSectionsAreFetchedStopsTheRunAndTheRelaunchFinishes(SourceKind source) throws Exception {
		// given what an uninterrupted run writes and asks
		Uninterrupted expected = uninterrupted(source);
		String name = "stopped-" + source.settingValue();

		// when a separate JVM runs the report and gets SIGTERM once half its series are
		// asked for, in the side-by-side fetch of the sections
		Halfway run = untilHalfTheSeries(source, name, expected);
		run.process().destroy();
		int exit = run.process().waitFor();

		// then the run stopped at the end of its steps' chunks, and says so
		String log = Files.readString(workDir.resolve(name + ".log"));
		assertThat(run.reached()).as(log).isTrue();
		assertThat(exit).as(log).isEqualTo(143);
		assertThat(log).contains("stopped; launch it again");
		assertThat(published(name)).isEmpty();

		// when it is launched again
		long askedAgain = relaunch(source, name, "Running report weekly-performance");

		// then it finished the series it had not committed, and wrote the same files
		assertThat(askedAgain).isPositive().isLessThan(expected.series());
		SameReport.assertSameFiles(expected.directory(), reportDirectory(name));
	}

	/**
	 * Starts the report in a JVM of its own and waits until half the series an
	 * uninterrupted run asks for have been asked for.
	 */
	private static Halfway untilHalfTheSeries(SourceKind source, String name, Uninterrupted expected)
			throws IOException, InterruptedException {
		long before = sandbox.requests().seriesRequests();
		Process process = ChildJvm.start(arguments(source, name), workDir.resolve(name + ".log"));
		boolean reached = sandbox.requests().awaitSeries(before + expected.series() / 2, Duration.ofSeconds(120));
		return new Halfway(process, before, reached);
	}

	/**
	 * Launches the killed run again, checks that it recovered the dead run and completed,
	 * and answers how many series it asked for.
	 */
	private static long relaunch(SourceKind source, String name) {
		return relaunch(source, name, "Recovering run \\d+");
	}

	/**
	 * Launches the run again, checks that it said {@code said} and completed, and answers
	 * how many series it asked for.
	 */
	private static long relaunch(SourceKind source, String name, String said) {
		long before = sandbox.requests().seriesRequests();
		CliRunner.Result relaunch = CliRunner.run(arguments(source, name).toArray(String[]::new));
		assertThat(relaunch.exitCode()).as(relaunch.all()).isZero();
		assertThat(relaunch.all()).containsPattern(said);
		return sandbox.requests().seriesRequests() - before;
	}

	/** The uninterrupted run of this source, made once for both tests. */
	private static synchronized Uninterrupted uninterrupted(SourceKind source) {
		return uninterrupted.computeIfAbsent(source, kind -> {
			String name = "uninterrupted-" + kind.settingValue();
			long before = sandbox.requests().seriesRequests();
			CliRunner.Result result = CliRunner.run(arguments(kind, name).toArray(String[]::new));
			assertThat(result.exitCode()).as(result.all()).isZero();
			long series = sandbox.requests().seriesRequests() - before;
			long chunks = (APPLICATIONS + 24) / 25;
			assertThat(series).isGreaterThanOrEqualTo(chunks);
			return new Uninterrupted(reportDirectory(name), series, (series + chunks - 1) / chunks);
		});
	}

	private static List<String> arguments(SourceKind source, String name) {
		Path keyFile = workDir.resolve("api.key");
		try {
			Files.writeString(keyFile, KEY);
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
		List<String> args = new ArrayList<>(List.of("run", "weekly-performance", "--from=2026-11-09T00:00:00+01:00",
				"--to=2026-11-16T00:00:00+01:00", "--apm.api-key-file=" + keyFile,
				"--apm.data-dir=" + workDir.resolve(name + "/data"), "--output-dir=" + workDir.resolve(name + "/out"),
				CHUNK));
		if (source == SourceKind.NRQL) {
			args.addAll(List.of("--apm.source=nrql", "--apm.account-id=" + sandbox.options().accountId(),
					"--apm.nrql.graphql-url=" + sandbox.graphqlUrl()));
		}
		else {
			// unpaced: the sandbox sets no limit, and the test is about restarts
			args.addAll(List.of("--apm.base-url=" + sandbox.baseUrl(),
					"--apm.account-id=" + sandbox.options().accountId(), "--apm.rate-limit=0"));
		}
		return args;
	}

	private static Path reportDirectory(String name) {
		return workDir.resolve(name + "/out/weekly-performance/1234567/" + RANGE);
	}

	/** The report's files in place, the directory's lock and staging left out. */
	private static List<Path> published(String name) throws IOException {
		Path directory = reportDirectory(name);
		if (!Files.isDirectory(directory)) {
			return List.of();
		}
		try (Stream<Path> files = Files.list(directory)) {
			return files.filter(Files::isRegularFile)
				.filter(path -> !path.getFileName().toString().startsWith("."))
				.toList();
		}
	}

	/**
	 * The staging directories of the report's folder, kept apart from it under
	 * {@code <output>/.staging/<report>/<account>/} and named for its range.
	 */
	private static List<Path> staging(String name) throws IOException {
		Path parent = workDir.resolve(name + "/out/.staging/weekly-performance/1234567");
		if (!Files.isDirectory(parent)) {
			return List.of();
		}
		try (Stream<Path> files = Files.list(parent)) {
			return files.filter(path -> path.getFileName().toString().startsWith(RANGE + "-")).toList();
		}
	}

	private static long stagedTrendBytes(String name) throws IOException {
		long bytes = 0;
		for (Path staging : staging(name)) {
			Path trend = staging.resolve("trend.csv");
			bytes += Files.isRegularFile(trend) ? Files.size(trend) : 0;
		}
		return bytes;
	}

	/**
	 * @param process the run's JVM
	 * @param seriesBefore the series requests the sandbox had counted before it started
	 * @param reached whether half the series were asked for within the wait
	 */
	private record Halfway(Process process, long seriesBefore, boolean reached) {
	}

	/**
	 * @param directory where its files are
	 * @param series the requests for a series it made
	 * @param seriesPerChunk the requests for a series a chunk makes, on average
	 */
	private record Uninterrupted(Path directory, long series, long seriesPerChunk) {
	}

}
