package io.apmreports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.apmreports.testing.ChildJvm;
import io.apmreports.testing.SmallDisk;

/**
 * A bad day on the disk: the report's folder, or the job repository, on a file system
 * that fills up during the run. The run ends with one line naming the full disk and the
 * place, no stack trace, nothing half-written where reports are published, and a relaunch
 * once there is room completes.
 */
class FullDiskIntegrationTests {

	private static final String FROM = "--from=2026-11-09T00:00:00+01:00";

	private static final String TO = "--to=2026-11-16T00:00:00+01:00";

	private static final String FOLDER = "weekly-performance/1234567/2026-11-09_2026-11-16";

	@TempDir
	Path workDir;

	@Test
	void aFullDiskUnderTheReportsIsOneLineNamingItAndARelaunchWithRoomCompletes() throws Exception {
		// given an output directory on a disk too small for the report, the job
		// repository elsewhere
		try (SmallDisk disk = SmallDisk.mount(workDir.resolve("small"), "96k")) {
			Path out = disk.path().resolve("out");
			String[] run = { "run", "weekly-performance", "--demo", FROM, TO, "--output-dir=" + out,
					"--apm.data-dir=" + workDir.resolve("data") };

			// when the report runs
			CliRunner.Result full = CliRunner.run(run);

			// then it failed with one line naming the full disk and the report's folder,
			// no stack trace, and nothing in a published folder; the run is FAILED
			assertThat(full.exitCode()).as(full.all()).isEqualTo(1);
			assertThat(full.err().lines().filter(line -> !line.isBlank())).as(full.all())
				.singleElement()
				.asString()
				.contains("the disk is full")
				.contains(out.resolve(FOLDER).toString());
			assertThat(full.all()).doesNotContain("\tat ").doesNotContain("Exception").doesNotContain("unexpected");
			assertThat(filesOutsideLocks(out)).isEmpty();
			CliRunner.Result runs = CliRunner.run("runs", "--apm.data-dir=" + workDir.resolve("data"));
			assertThat(runs.out().lines().filter(line -> line.startsWith("1 "))).as(runs.all())
				.singleElement()
				.asString()
				.contains(" FAILED ");

			// when space is freed and the run is launched again
			disk.grow("20m");
			CliRunner.Result relaunch = CliRunner.run(run);

			// then it completes, and the folder holds the report's files alone
			assertThat(relaunch.exitCode()).as(relaunch.all()).isZero();
			assertThat(out.resolve(FOLDER + "/summary.csv")).isRegularFile();
			try (Stream<Path> folder = Files.list(out.resolve(FOLDER))) {
				assertThat(folder.map(path -> path.getFileName().toString())).noneMatch(name -> name.startsWith("."));
			}
		}
	}

	@Test
	void aFullDiskUnderTheJobRepositoryIsOneLineNamingItAndARelaunchWithRoomCompletes() throws Exception {
		// given the data directory (job repository and log) and the output on a disk
		// that fills up while the run stages its figures (large enough for the schema's
		// migrations, during which H2's file grows past 1.2 MB)
		try (SmallDisk disk = SmallDisk.mount(workDir.resolve("small"), "1600k")) {
			Path data = disk.path().resolve("data");
			Path out = disk.path().resolve("out");
			String[] run = { "run", "weekly-performance", "--demo", FROM, TO, "--output-dir=" + out,
					"--apm.data-dir=" + data };

			// when the report runs, in a JVM of its own as a user starts it (the log file
			// is on the full disk too)
			Path console = workDir.resolve("full.log");
			int exitCode = ChildJvm.run(List.of(run), console);

			// then one line names the full disk and where, without a stack trace, and no
			// report was published
			String said = Files.readString(console);
			assertThat(exitCode).as(said).isEqualTo(1);
			assertThat(said.lines().filter(line -> line.startsWith("apm-reports:"))).as(said)
				.singleElement()
				.asString()
				.contains("the disk is full")
				.contains(disk.path().toString());
			assertThat(said).doesNotContain("\tat ").doesNotContain("Exception").doesNotContain("unexpected");
			assertThat(filesOutsideLocks(out)).isEmpty();

			// when space is freed and the run is launched again
			disk.grow("20m");
			Path again = workDir.resolve("again.log");
			int relaunched = ChildJvm.run(List.of(run), again);

			// then it completes
			assertThat(relaunched).as(Files.readString(again)).isZero();
			assertThat(out.resolve(FOLDER + "/summary.csv")).isRegularFile();
		}
	}

	/** The files under the output directory but its lock files, which stay by design. */
	private static List<Path> filesOutsideLocks(Path out) throws IOException {
		if (!Files.exists(out)) {
			return List.of();
		}
		try (Stream<Path> files = Files.walk(out)) {
			return files.filter(Files::isRegularFile)
				.filter(file -> !out.relativize(file).startsWith(".locks"))
				.toList();
		}
	}

}
