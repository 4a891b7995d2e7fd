package io.apmreports.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
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

import io.apmreports.run.RunStatistics;
import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.sandbox.SandboxServer;

/**
 * Runs the command line as a user would, capturing everything it prints, including log
 * output.
 */
class MainIntegrationTests {

	@TempDir
	Path workDir;

	@Test
	void demoRunWritesTheWorkbookAndSummaryAndListsThem() throws IOException {
		// when
		CliRunner.Result result = CliRunner.run("run", "weekly-performance", "--demo",
				"--from=2026-11-09T00:00:00+01:00", "--to=2026-11-16T00:00:00+01:00",
				"--output-dir=" + workDir.resolve("out"), "--apm.data-dir=" + workDir.resolve("data"));

		// then
		assertThat(result.exitCode()).as(result.err()).isEqualTo(0);
		Path directory = workDir.resolve("out/weekly-performance/1234567/2026-11-09_2026-11-16");
		assertThat(directory.resolve("summary.csv")).isRegularFile();
		assertThat(directory.resolve("weekly-performance_1234567_2026-11-09_2026-11-16.xlsx")).isRegularFile();
		assertThat(result.out()).contains(directory.resolve("summary.csv").toString());
		try (Stream<String> lines = Files.lines(directory.resolve("summary.csv"))) {
			assertThat(lines.count()).isEqualTo(14);
		}
		// what it cost, beside the log, for the benchmark
		RunStatistics statistics = RunStatistics.read(RunStatistics.file(workDir.resolve("data")));
		assertThat(statistics.requests().total()).isPositive();
		assertThat(statistics.rowsWritten()).isPositive();
		try (Stream<Path> leftovers = Files.list(directory)) {
			// no staging and no lock file left behind: the folder holds the report's
			// files
			// alone
			assertThat(leftovers.map(path -> path.getFileName().toString()).filter(name -> name.startsWith(".")))
				.isEmpty();
		}
	}

	@Test
	void previewWritesTheEmailTheScheduleWouldSendWithoutSendingIt() throws IOException {
		// when
		CliRunner.Result result = CliRunner.run("preview", "weekly-performance", "--demo",
				"--from=2026-11-09T00:00:00+01:00", "--to=2026-11-16T00:00:00+01:00", "--delivery.zip-above=1KB",
				"--output-dir=" + workDir.resolve("out"), "--apm.data-dir=" + workDir.resolve("data"));

		// then it is addressed to the recipient of the shipped weekly-ops schedule, no
		// SMTP server was needed, and the files, above 1 KB together, went as one zip
		assertThat(result.exitCode()).as(result.all()).isZero();
		Path eml = workDir.resolve(
				"out/weekly-performance/1234567/2026-11-09_2026-11-16.preview/weekly-performance_1234567_2026-11-09_2026-11-16.eml");
		assertThat(result.out()).contains("E-mail to ops@example.com")
			.contains("written, not sent")
			.contains(eml.toString());
		assertThat(Files.readString(eml)).contains("To: ops@example.com")
			.contains("Subject: Weekly performance: Mon 9 Nov to Sun 15 Nov 2026")
			.contains("filename=weekly-performance_1234567_2026-11-09_2026-11-16.zip")
			.doesNotContain("filename=summary.csv")
			.containsPattern("Message-ID: <[0-9a-f]{32}\\.weekly-performance@localhost>");
		// beside the report's folder, which holds the report's files alone
		try (Stream<Path> published = Files
			.list(workDir.resolve("out/weekly-performance/1234567/2026-11-09_2026-11-16"))) {
			assertThat(published.map(path -> path.getFileName().toString()).toList()).contains("summary.csv")
				.noneMatch(name -> name.endsWith(".eml") || name.startsWith("."));
		}
	}

	@Test
	void aDemoDeliveryWithoutAnSmtpServerWritesTheEmailToTheOutbox() throws Exception {
		// when
		CliRunner.Result result = CliRunner.run("run", "weekly-performance", "--demo", "--deliver",
				"--from=2026-11-09T00:00:00+01:00", "--to=2026-11-16T00:00:00+01:00",
				"--report.output-dir=" + workDir.resolve("out"), "--apm.data-dir=" + workDir.resolve("data"));

		// then the shipped weekly-ops schedule's recipient has it, in the outbox beside
		// the demo's files
		assertThat(result.exitCode()).as(result.all()).isZero();
		Path outbox = workDir.resolve("out/demo/outbox");
		assertThat(result.out())
			.contains("E-mail to ops@example.com written, not sent (demo), to the outbox " + outbox);
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
			assertThat(message.getSubject()).isEqualTo(
					"Weekly performance: Mon 9 Nov to Sun 15 Nov 2026, Europe/Berlin, Demo production (account 1234567)");
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
	@CsvSource(delimiter = '|',
			textBlock = """
					unknown report      | run nightly --demo                                   | unknown report 'nightly'
					unknown command     | report weekly-performance                            | unknown command 'report'
					unknown option      | run weekly-performance --demo --form=x               | unknown option --form for run
					no report           | run --demo                                           | run needs <report>
					two reports         | run weekly-performance monthly-usage --demo          | unexpected argument 'monthly-usage' for run
					option without value | run weekly-performance --demo --from              | option --from needs a value
					setting without value | run weekly-performance --demo --report.chunk-size | setting report.chunk-size needs a value
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
					setting out of range | run weekly-performance --demo --report.concurrency=0 | setting report.concurrency has an invalid value '0': must be greater than or equal to 1
					negative rate limit | run weekly-performance --demo --apm.rate-limit=-5    | setting apm.rate-limit has an invalid value '-5': must be greater than or equal to 0
					no names a request  | run weekly-performance --demo --apm.names-per-request=0 | setting apm.names-per-request has an invalid value '0': must be greater than or equal to 1
					negative recover-after | runs --report.recover-after=-10m                 | setting report.recover-after has an invalid value '-10m': must be longer than or equal to 0
					no attempts         | run weekly-performance --demo --apm.retry.max-attempts=0 | setting apm.retry.max-attempts has an invalid value '0': must be greater than or equal to 1
					negative backoff    | run weekly-performance --demo --apm.retry.initial-backoff=-1s | setting apm.retry.initial-backoff has an invalid value '-1s': must be longer than or equal to 0
					zero read timeout   | run weekly-performance --demo --apm.read-timeout=0s  | setting apm.read-timeout has an invalid value '0s': must be longer than 0
					zero chunk size     | run weekly-performance --demo --report.chunk-size=0  | setting report.chunk-size has an invalid value '0': must be greater than or equal to 1
					share above 1       | run weekly-performance --demo --report.max-failed-share=1.5 | setting report.max-failed-share has an invalid value '1.5': must be from 0 to 1
					short lock          | runs --report.lock-at-most-for=10s                   | setting report.lock-at-most-for has an invalid value '10s': must be longer than or equal to 30 seconds
					no delivery attempt | run weekly-performance --demo --delivery.attempts=0  | setting delivery.attempts has an invalid value '0': must be greater than or equal to 1
					negative zip size   | run weekly-performance --demo --delivery.zip-above=-1MB | setting delivery.zip-above has an invalid value '-1MB': must not be negative
					negative catch-up   | scheduler --demo --schedule.catch-up=-1h             | setting schedule.catch-up has an invalid value '-1h': must be longer than or equal to 0
					duration not a duration | runs --schedule.retry-after=soon                 | setting schedule.retry-after has an invalid value 'soon': must be a duration such as 30s
					blank metric name   | run weekly-performance --demo --apm.metrics.orm=     | setting apm.metrics.orm has an invalid value '': must not be blank
					relative data dir   | runs --report.data-dir=target/relative-data-dir      | setting report.data-dir has an invalid value 'target/relative-data-dir': must be an absolute path, or start with ./
					its old name        | runs --apm.data-dir=target/relative-data-dir         | setting apm.data-dir has an invalid value 'target/relative-data-dir': must be an absolute path, or start with ./
					user info in URL    | run weekly-performance --apm.base-url=ftp://SECRET@x --apm.api-key-file=KEYFILE | apm.base-url must not carry user info
					user info, http     | run weekly-performance --apm.base-url=http://SECRET@example.com | apm.base-url must not carry user info
					unparsable URL      | run weekly-performance --apm.base-url=http://SECRET@[::1 --apm.api-key-file=KEYFILE | setting apm.base-url has an invalid value: must be a URL
					key as base URL     | run weekly-performance --apm.base-url=NRAK-SECRET0123456789 --apm.api-key-file=KEYFILE | apm.base-url is not an http(s) URL with a host
					key as key file     | run weekly-performance --apm.base-url=https://api.example.com --apm.api-key-file=NRAK-SECRET0123456789 | the file named by apm.api-key-file cannot be read
					formats not a list  | run formats-five --demo --report.definitions=DEFS    | formats-five.yml: field 'formats': must be a list of xlsx/csv/pdf values
					from year 0001      | run weekly-performance --demo --from=0001-01-01T00:00:00Z --to=2026-11-16T00:00:00Z | from '0001-01-01T00:00:00Z' is not in the years 1970 to 9999
					to year 10000       | run weekly-performance --demo --from=2026-11-09T00:00:00Z --to=+10000-01-01T00:00:00Z | to '+10000-01-01T00:00:00Z' is not in the years 1970 to 9999
					bad recipient       | run weekly-performance --demo --deliver --recipients=ops-at-example | --recipients 'ops-at-example' is not an e-mail address
					recipients alone    | run weekly-performance --demo --recipients=ops@example.com | --recipients goes with --deliver
					deliver without SMTP | run weekly-performance --deliver --apm.base-url=https://api.example.com --apm.api-key-file=KEYFILE | e-mail delivery needs an SMTP server: set spring.mail.host
					bad sender          | run weekly-performance --demo --delivery.from=nobody  | setting delivery.from has an invalid value 'nobody': must be an e-mail address
					bad schedule        | scheduler --demo --schedule.definitions=SCHEDS       | weekly.yml: field 'cron': '0 0 6 * MON' is not a cron expression of 6 fields
					nobody to send to   | preview weekly-performance --demo --schedule.definitions=EMPTY | no enabled schedule in
					scheduler without SMTP | scheduler --apm.base-url=https://api.example.com --apm.api-key-file=KEYFILE | e-mail delivery needs an SMTP server
					no schedules folder | scheduler --demo --schedule.definitions=/nonexistent/schedules | /nonexistent/schedules: no such directory
					unknown team        | run weekly-performance --demo --team=nobody          | no schedule in schedules has a team 'nobody' for report weekly-performance (its teams: checkout, storefront, platform)
					unknown team, sent  | run weekly-performance --demo --team=nobody --deliver | no schedule in schedules has a team 'nobody' for report weekly-performance (its teams: checkout, storefront, platform)
					no account id       | run weekly-performance --apm.base-url=https://api.example.com --apm.api-key-file=KEYFILE | no account id: set APM_ACCOUNT_ID (apm.account-id) to the account the report reads
					no key, 2nd account | run weekly-performance --apm.base-url=https://api.example.com --apm.api-key-file=KEYFILE --apm.account-id=1,2 | no REST key for account 2: REST's key decides the account, so name a file holding that account's key with --apm.api-key-files.2=PATH
					bad key file, 2nd   | run weekly-performance --apm.base-url=https://api.example.com --apm.api-key-file=KEYFILE --apm.account-id=1,2 --apm.api-key-files.2=/nonexistent/key | the file named by apm.api-key-files.2 cannot be read (no such file)
					whole report by team | run weekly-performance --demo --deliver --schedule.definitions=TEAMS | sends report weekly-performance whole (its schedules send it per team: add --team=NAME)
					no demo account     | run weekly-performance --demo --apm.account-id=999   | the demo has no account 999; its accounts are 1234567, 7654321 and 2468013
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
		Files.writeString(definitions.resolve("formats-five.yml"),
				"title: x\nrange: last-week\ntime-zone: UTC\nformats: 5\n");
		Path schedules = Files.createDirectories(workDir.resolve("schedules"));
		Files.writeString(schedules.resolve("weekly.yml"), "name: weekly\ncron: 0 0 6 * MON\nzone: UTC\n"
				+ "report: weekly-performance\nrecipients: [ops@example.com]\n");
		List<String> args = new ArrayList<>(List.of(commandLine.replace("KEYFILE", keyFile.toString())
			.replace("DEFS", definitions.toString())
			.replace("SCHEDS", schedules.toString())
			.replace("EMPTY", Files.createDirectories(workDir.resolve("empty")).toString())
			.replace("TEAMS", teamsOnly().toString())
			.split(" ")));
		if (List.of("run", "preview").contains(args.get(0))
				&& args.stream().noneMatch(arg -> arg.startsWith("--output-dir"))) {
			args.add("--output-dir=" + workDir.resolve("out"));
		}
		if (args.get(0).equals("scheduler")) {
			// a scheduler --demo serves the console before it reads its schedules: on a
			// port of its own, not 8080, which another test's may hold
			args.add("--server.port=0");
		}
		if (!args.get(0).equals("sandbox") && args.stream().noneMatch(arg -> arg.startsWith("--apm.data-dir="))) {
			args.add("--apm.data-dir=" + workDir.resolve("data"));
		}

		// when
		CliRunner.Result result = CliRunner.run(args.toArray(String[]::new));

		// then one line (followed by the words meant, for a misspelt one), no trace of a
		// framework, and nothing that may be the key where the key was pasted by mistake,
		// on the console or in the log file
		assertThat(result.exitCode()).as(result.all()).isEqualTo(2);
		assertThat(result.err()).startsWith("apm-reports: ").contains(message);
		assertThat(result.err().lines().skip(1)).allMatch(line -> line.startsWith("Did you mean: "));
		assertThat(result.err().lines()).hasSizeLessThanOrEqualTo(2);
		assertThat(result.all()).doesNotContain("\tat ")
			.doesNotContain("Exception")
			.doesNotContain("org.springframework")
			.doesNotContain("jakarta.")
			.doesNotContain("org.hibernate")
			.doesNotContain("SECRET");
		Path log = workDir.resolve("data/apm-reports.log");
		if (Files.exists(log)) {
			assertThat(Files.readString(log)).doesNotContain("SECRET");
		}
		assertThat(workDir.resolve("out")).doesNotExist();
		if (message.startsWith("setting ")) {
			// settings are checked before anything opens
			assertThat(workDir.resolve("data/apm-reports.mv.db")).as("the job repository").doesNotExist();
		}
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

		CliRunner.Result result = CliRunner.run("run", "weekly-performance", "--demo",
				"--spring.profiles.active=postgres", "--output-dir=" + workDir.resolve("out"),
				"--apm.data-dir=" + workDir.resolve("data"));

		// rather than a pool's complaint about the URL, or a quiet fall back to H2
		assertThat(result.exitCode()).isEqualTo(2);
		assertThat(result.err())
			.startsWith("apm-reports: the postgres profile needs the environment variable APM_REPORTS_DB_URL");
		assertThat(result.out() + result.err()).doesNotContain("\tat ");
		assertThat(workDir.resolve("out")).doesNotExist();
		assertThat(workDir.resolve("data/apm-reports.mv.db")).doesNotExist();
	}

	@Test
	void aRefusedKeyFailsTheRunWithOneLine() throws IOException {
		// given a sandbox whose key is not the one we send
		Path keyFile = Files.writeString(workDir.resolve("key"), "wrong-key");
		try (SandboxServer sandbox = SandboxServer.start(SandboxOptions.demo("right-key"))) {

			// when
			CliRunner.Result result = CliRunner.run("run", "weekly-performance", "--apm.base-url=" + sandbox.baseUrl(),
					"--apm.account-id=" + sandbox.options().accountId(), "--apm.api-key-file=" + keyFile,
					"--output-dir=" + workDir.resolve("out"), "--apm.data-dir=" + workDir.resolve("data"));

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

	/** A schedules folder whose one schedule sends weekly-performance per team only. */
	private Path teamsOnly() throws IOException {
		Path teams = Files.createDirectories(workDir.resolve("teams-only"));
		Files.copy(Path.of("schedules/weekly-teams.yml"), teams.resolve("weekly-teams.yml"),
				StandardCopyOption.REPLACE_EXISTING);
		return teams;
	}

}
