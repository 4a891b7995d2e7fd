package io.apmreports.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;

import jakarta.mail.Session;
import jakarta.mail.internet.MimeMessage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Runs the command line as a user would, capturing everything it prints, including log output.
 */
class MainIntegrationTests {

	@TempDir
	Path workDir;

	@Test
	void demoRunWritesTheWorkbookAndSummaryAndListsThem() throws IOException {
		// when
		CliRunner.Result result = CliRunner.run("run", "weekly-performance", "--demo", "--from=2026-11-09T00:00:00+01:00",
				"--to=2026-11-16T00:00:00+01:00", "--output-dir=" + workDir.resolve("out"),
				"--apm.data-dir=" + workDir.resolve("data"));

		// then
		assertThat(result.exitCode()).as(result.err()).isEqualTo(0);
		Path directory = workDir.resolve("out/weekly-performance/2026-11-09_2026-11-16");
		assertThat(directory.resolve("summary.csv")).isRegularFile();
		assertThat(directory.resolve("weekly-performance_2026-11-09_2026-11-16.xlsx")).isRegularFile();
		assertThat(result.out()).contains(directory.resolve("summary.csv").toString());
		try (Stream<String> lines = Files.lines(directory.resolve("summary.csv"))) {
			assertThat(lines.count()).isEqualTo(14);
		}
		try (Stream<Path> leftovers = Files.list(directory)) {
			// no staging left behind: the only hidden file is the lock writers of the directory take turns on
			assertThat(leftovers.map(path -> path.getFileName().toString()).filter(name -> name.startsWith(".")))
				.containsExactly(".lock");
		}
	}

	@Test
	void previewWritesTheEmailTheScheduleWouldSendWithoutSendingIt() throws IOException {
		// when
		CliRunner.Result result = CliRunner.run("preview", "weekly-performance", "--demo",
				"--from=2026-11-09T00:00:00+01:00", "--to=2026-11-16T00:00:00+01:00", "--delivery.zip-above=1KB",
				"--output-dir=" + workDir.resolve("out"), "--apm.data-dir=" + workDir.resolve("data"));

		// then it is addressed to the recipient of the shipped weekly-ops schedule, no SMTP server was needed, and
		// the files, above 1 KB together, went as one zip
		assertThat(result.exitCode()).as(result.all()).isZero();
		Path eml = workDir.resolve("out/weekly-performance/2026-11-09_2026-11-16/"
				+ "weekly-performance_2026-11-09_2026-11-16.eml");
		assertThat(result.out()).contains("E-mail to ops@example.com").contains("written, not sent").contains(eml.toString());
		assertThat(Files.readString(eml)).contains("To: ops@example.com")
			.contains("Subject: Weekly performance: Mon 9 Nov 2026 to Sun 15 Nov 2026")
			.contains("filename=weekly-performance_2026-11-09_2026-11-16.zip")
			.doesNotContain("filename=summary.csv")
			.containsPattern("Message-ID: <[0-9a-f]{32}\\.weekly-performance@localhost>");
	}

	@Test
	void aDemoDeliveryWithoutAnSmtpServerWritesTheEmailToTheOutbox() throws Exception {
		// when
		CliRunner.Result result = CliRunner.run("run", "weekly-performance", "--demo", "--deliver",
				"--from=2026-11-09T00:00:00+01:00", "--to=2026-11-16T00:00:00+01:00",
				"--report.output-dir=" + workDir.resolve("out"), "--apm.data-dir=" + workDir.resolve("data"));

		// then the shipped weekly-ops schedule's recipient has it, in the outbox beside the demo's files
		assertThat(result.exitCode()).as(result.all()).isZero();
		Path outbox = workDir.resolve("out/demo/outbox");
		assertThat(result.out()).contains("E-mail to ops@example.com written, not sent (demo), to the outbox " + outbox);
		List<Path> files;
		try (Stream<Path> listed = Files.list(outbox)) {
			files = listed.toList();
		}
		assertThat(files).singleElement().satisfies(file -> {
			assertThat(file.getFileName().toString()).startsWith("ops@example.com_").endsWith(".eml");
			MimeMessage message;
			try (InputStream in = Files.newInputStream(file)) {
				message = new MimeMessage(Session.getInstance(new Properties()), in);
			}
			assertThat(message.getSubject()).isEqualTo("Weekly performance: Mon 9 Nov 2026 to Sun 15 Nov 2026 (Europe/Berlin)");
			assertThat(message.getAllRecipients()).extracting(Object::toString).containsExactly("ops@example.com");
		});
	}

	@Test
	void benchRemovesItsTemporaryDirectory() {
		// when
		CliRunner.Result result = CliRunner.run("bench", "--apps", "3", "--concurrency", "1");

		// then
		assertThat(result.exitCode()).as(result.all()).isZero();
		String line = result.out().lines().filter(text -> text.startsWith("Benchmark in ")).findFirst().orElseThrow();
		Path directory = Path.of(line.substring("Benchmark in ".length(), line.indexOf(" (removed when done)")));
		assertThat(directory).doesNotExist();
	}

	@Test
	void aJobRepositoryDatabaseThatCannotBeReachedIsOneLine() {
		// when the postgres profile points at a port where no database listens
		CliRunner.Result result = CliRunner.run("runs", "--spring.profiles.active=postgres",
				"--spring.datasource.url=jdbc:postgresql://127.0.0.1:1/apm_reports", "--spring.datasource.username=apm",
				"--apm.data-dir=" + workDir.resolve("data"));

		// then
		assertThat(result.exitCode()).as(result.all()).isEqualTo(1);
		assertThat(result.err()).startsWith("apm-reports: the job repository's database cannot be reached: ")
			.contains("127.0.0.1:1")
			.contains("APM_REPORTS_DB_URL");
		assertThat(result.all()).doesNotContain("\tat ").doesNotContain("Exception");
	}

	@ParameterizedTest(name = "{0}")
	@CsvSource(delimiter = '|', textBlock = """
			unknown report      | run nightly --demo                                   | unknown report 'nightly'
			unknown command     | report weekly-performance                            | unknown command 'report'
			unknown option      | run weekly-performance --demo --form=x               | unknown option --form for run
			no report           | run --demo                                           | run takes exactly one report name
			time without offset | run weekly-performance --demo --from=2026-11-09T00:00 --to=2026-11-16T00:00+01:00 | from '2026-11-09T00:00' is not an ISO 8601 time with an offset
			from not before to  | run weekly-performance --demo --from=2026-11-16T00:00Z --to=2026-11-09T00:00Z | is not before to
			range under 60 s    | run weekly-performance --demo --from=2026-11-16T00:00Z --to=2026-11-16T00:00:30Z | shorter than 60 seconds
			only from           | run weekly-performance --demo --from=2026-11-16T00:00Z | give both --from and --to
			plain http base URL | run weekly-performance --apm.base-url=http://example.com --apm.api-key-file=KEYFILE | is plain http
			bad port            | sandbox --port=99999                                 | --port '99999' is not a port number
			malformed yaml      | run broken-yaml --demo --report.definitions=DEFS     | broken-yaml.yml: not valid YAML at line 3
			misspelt key        | run misspelt --demo --report.definitions=DEFS        | misspelt.yml: unknown field 'titel'
			missing field       | run no-range --demo --report.definitions=DEFS        | no-range.yml: field 'range': is required
			unwritable output   | run weekly-performance --demo --output-dir=/proc/apm-reports | output directory /proc/apm-reports cannot be written
			name leaving output | run ../../x --demo                                   | report name '../../x' is not valid
			unknown run         | abandon 4711                                         | no run 4711
			setting not a number | run weekly-performance --demo --report.chunk-size=abc | setting report.chunk-size has an invalid value 'abc'
			setting out of range | run weekly-performance --demo --report.concurrency=0 | report.concurrency must be at least 1, not 0
			no names a request  | run weekly-performance --demo --apm.names-per-request=0 | apm.names-per-request must be at least 1, not 0
			bad recipient       | run weekly-performance --demo --deliver --recipients=ops-at-example | --recipients 'ops-at-example' is not an e-mail address
			recipients alone    | run weekly-performance --demo --recipients=ops@example.com | --recipients goes with --deliver
			deliver without SMTP | run weekly-performance --deliver --apm.base-url=https://api.example.com --apm.api-key-file=KEYFILE | e-mail delivery needs an SMTP server: set spring.mail.host
			bad sender          | run weekly-performance --demo --delivery.from=nobody  | delivery.from 'nobody' is not an e-mail address
			bad schedule        | scheduler --demo --schedule.definitions=SCHEDS       | weekly.yml: field 'cron': '0 0 6 * MON' is not a cron expression of 6 fields
			nobody to send to   | preview weekly-performance --demo --schedule.definitions=EMPTY | no enabled schedule in
			scheduler without SMTP | scheduler --apm.base-url=https://api.example.com --apm.api-key-file=KEYFILE | e-mail delivery needs an SMTP server
			no schedules folder | scheduler --demo --schedule.definitions=/nonexistent/schedules | /nonexistent/schedules: no such directory
			""")
	void badInputGetsOneLineAndExitTwoAndWritesNothing(String mistake, String commandLine, String message)
			throws IOException {
		// given
		Path keyFile = Files.writeString(workDir.resolve("key"), "some-key");
		Path definitions = Files.createDirectories(workDir.resolve("definitions"));
		Files.writeString(definitions.resolve("broken-yaml.yml"), "title: x\nrange: [last-week\n");
		Files.writeString(definitions.resolve("misspelt.yml"),
				"titel: x\nrange: last-week\ntime-zone: UTC\nformats: [csv]\n");
		Files.writeString(definitions.resolve("no-range.yml"), "title: x\ntime-zone: UTC\nformats: [csv]\n");
		Path schedules = Files.createDirectories(workDir.resolve("schedules"));
		Files.writeString(schedules.resolve("weekly.yml"), "name: weekly\ncron: 0 0 6 * MON\nzone: UTC\n"
				+ "report: weekly-performance\nrecipients: [ops@example.com]\n");
		List<String> args = new ArrayList<>(List.of(commandLine.replace("KEYFILE", keyFile.toString())
			.replace("DEFS", definitions.toString())
			.replace("SCHEDS", schedules.toString())
			.replace("EMPTY", Files.createDirectories(workDir.resolve("empty")).toString())
			.split(" ")));
		if (List.of("run", "preview").contains(args.get(0)) && args.stream().noneMatch(arg -> arg.startsWith("--output-dir"))) {
			args.add("--output-dir=" + workDir.resolve("out"));
		}
		if (!args.get(0).equals("sandbox")) {
			args.add("--apm.data-dir=" + workDir.resolve("data"));
		}

		// when
		CliRunner.Result result = CliRunner.run(args.toArray(String[]::new));

		// then
		assertThat(result.exitCode()).isEqualTo(2);
		assertThat(result.err()).startsWith("apm-reports: ").contains(message);
		assertThat(result.err().lines().filter(line -> line.startsWith("apm-reports:"))).hasSize(1);
		assertThat(result.out() + result.err()).doesNotContain("\tat ").doesNotContain("Exception");
		assertThat(workDir.resolve("out")).doesNotExist();
		assertThat(Path.of("/proc/apm-reports")).doesNotExist();
	}

	@Test
	void withoutDemoAndWithoutKeyItSaysHowToSetTheKey() {
		assumeTrue(System.getenv("APM_API_KEY") == null, "APM_API_KEY is set in this environment");

		CliRunner.Result result = CliRunner.run("run", "weekly-performance", "--apm.base-url=https://api.example.com",
				"--output-dir=" + workDir.resolve("out"), "--apm.data-dir=" + workDir.resolve("data"));

		assertThat(result.exitCode()).isEqualTo(2);
		assertThat(result.err()).contains("no API key: set the environment variable APM_API_KEY");
		assertThat(result.out() + result.err()).doesNotContain("\tat ");
		assertThat(workDir.resolve("out")).doesNotExist();
	}

	@Test
	void thePostgresProfileWithoutAConnectionSaysWhatToSet() {
		assumeTrue(System.getenv("APM_REPORTS_DB_URL") == null, "APM_REPORTS_DB_URL is set in this environment");

		CliRunner.Result result = CliRunner.run("run", "weekly-performance", "--demo", "--spring.profiles.active=postgres",
				"--output-dir=" + workDir.resolve("out"), "--apm.data-dir=" + workDir.resolve("data"));

		// rather than a pool's complaint about the URL, or a quiet fall back to H2
		assertThat(result.exitCode()).isEqualTo(2);
		assertThat(result.err()).startsWith("apm-reports: the postgres profile needs the environment variable "
				+ "APM_REPORTS_DB_URL");
		assertThat(result.out() + result.err()).doesNotContain("\tat ");
		assertThat(workDir.resolve("out")).doesNotExist();
		assertThat(workDir.resolve("data/apm-reports.mv.db")).doesNotExist();
	}

	@Test
	void aRefusedKeyFailsTheRunWithOneLine() throws IOException {
		// given a sandbox whose key is not the one we send
		Path keyFile = Files.writeString(workDir.resolve("key"), "wrong-key");
		try (var sandbox = io.apmreports.sandbox.SandboxServer
			.start(io.apmreports.sandbox.SandboxOptions.demo("right-key"))) {

			// when
			CliRunner.Result result = CliRunner.run("run", "weekly-performance", "--apm.base-url=" + sandbox.baseUrl(),
					"--apm.api-key-file=" + keyFile, "--output-dir=" + workDir.resolve("out"),
					"--apm.data-dir=" + workDir.resolve("data"));

			// then
			assertThat(result.exitCode()).isEqualTo(1);
			assertThat(result.err()).contains("answered 401").contains("the API key was refused");
			assertThat(result.out() + result.err()).doesNotContain("\tat ").doesNotContain("wrong-key");
			assertThat(workDir.resolve("out")).doesNotExist();

			// and the failed run of the real account is never finished with demo data
			CliRunner.Result demoRestart = CliRunner.run("restart", "1", "--demo",
					"--apm.data-dir=" + workDir.resolve("data"));
			assertThat(demoRestart.exitCode()).isEqualTo(2);
			assertThat(demoRestart.err()).contains("run 1 reads " + sandbox.baseUrl() + ", not demo");
		}
	}


}
