package io.apmreports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.stream.Stream;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Mistakes answered before Spring starts: one line, exit 2, and no data directory made,
 * which the context would have made for its log and job repository.
 */
class BeforeSpringTests {

	@TempDir
	Path workDir;

	@ParameterizedTest(name = "{0}")
	@CsvSource(delimiter = '|',
			textBlock = """
					report name    | run weekly-performnce --demo | unknown report 'weekly-performnce': no file reports/weekly-performnce.yml (available: daily-ingest, monthly-cost, monthly-service-levels, monthly-usage, weekly-performance)
					from after to  | run weekly-performance --demo --from=2026-11-09 --to=2026-11-02 | from 2026-11-09T00:00:00+01:00 is not before to 2026-11-02T00:00:00+01:00
					no such day    | preview weekly-performance --demo --from=2026-11-31 --to=2026-12-07 | from '2026-11-31' is no date of the calendar
					future range   | run weekly-performance --demo --from=2099-01-04 --to=2099-01-11 | from '2099-01-04' is still to come (it is
					unended range  | preview weekly-performance --demo --from=2026-11-02 --to=2099-01-01 | to '2099-01-01' is still to come (it is
					setting name   | run weekly-performance --demo --report.ouput-dir=weekly-out | unknown setting --report.ouput-dir: did you mean --report.output-dir?
					mail setting   | run weekly-performance --demo --spring.mail.hots=mail.example.com | unknown setting --spring.mail.hots: did you mean --spring.mail.host?
					enum value     | compare-sources weekly-performance --demo --apm.source=nrqll | setting apm.source has an invalid value 'nrqll': must be one of rest, nrql
					region value   | run weekly-performance --demo --apm.region=europe | setting apm.region has an invalid value 'europe': must be one of us, eu
					number value   | run weekly-performance --demo --report.chunk-size=lots | setting report.chunk-size has an invalid value 'lots': must be a whole number
					team name      | run weekly-performance --demo --team=nosuch | no schedule in schedules has a team 'nosuch' for report weekly-performance (its teams: checkout, storefront, platform)
					key file       | run weekly-performance --apm.api-key-file=/nonexistent/apm.key | the file named by apm.api-key-file cannot be read (no such file)
					output dir     | run weekly-performance --demo --report.output-dir=/proc/nope | output directory /proc/nope/demo cannot be written
					--output-dir   | run weekly-performance --demo --output-dir=/proc/nope | output directory /proc/nope cannot be written
					no webhook     | run weekly-performance --demo --deliver --recipients=slack:nowhere | no webhook for slack:nowhere: set the environment variable APM_SLACK_WEBHOOK_NOWHERE
					demo account   | run weekly-performance --demo --apm.account-id=42 | the demo has no account 42; its accounts are 1234567, 7654321 and 2468013
					test no webhook | send-test teams:nowhere --demo | no webhook for teams:nowhere: set the environment variable APM_TEAMS_WEBHOOK_NOWHERE
					test no SMTP   | send-test ops@example.com | e-mail delivery needs an SMTP server: set spring.mail.host
					""")
	void aMistakeIsAnsweredBeforeSpringStarts(String mistake, String command, String line) {
		// given a command with one mistake, on a data directory of its own
		Path data = workDir.resolve("data");
		String[] args = Stream.concat(Stream.of(command.split(" ")), Stream.of("--report.data-dir=" + data))
			.toArray(String[]::new);
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		ByteArrayOutputStream err = new ByteArrayOutputStream();

		// when
		int exitCode = new Main(new PrintStream(out, true, StandardCharsets.UTF_8),
				new PrintStream(err, true, StandardCharsets.UTF_8))
			.execute(args);

		// then
		assertThat(exitCode).isEqualTo(2);
		assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("apm-reports: " + line).hasLineCount(1);
		assertThat(data).doesNotExist();
	}

	@ParameterizedTest(name = "{0}")
	@CsvSource(delimiter = '|', textBlock = """
			runs | runs     | 0 | No runs yet.
			show | show 3   | 2 | apm-reports: no run 3 (see 'runs')
			""")
	void runsAndShowAnswerWithoutMakingAJobRepository(String command, String args, int exitCode, String line) {
		// given a data directory that does not exist yet
		Path data = workDir.resolve("data");

		// when
		CliRunner.Result result = CliRunner
			.run(Stream.concat(Stream.of(args.split(" ")), Stream.of("--report.data-dir=" + data))
				.toArray(String[]::new));

		// then: answered without the context, which would have made the repository
		assertThat(result.exitCode()).as(result.all()).isEqualTo(exitCode);
		assertThat(result.all()).isEqualToIgnoringNewLines(line);
		assertThat(data).doesNotExist();
	}

	@Test
	void aBadValueUnderASettingsOldNameIsToldUnderItBeforeSpringStarts() {
		// given the data directory under its old name, neither absolute nor ./
		ByteArrayOutputStream err = new ByteArrayOutputStream();

		// when
		int exitCode = new Main(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
				new PrintStream(err, true, StandardCharsets.UTF_8))
			.execute("runs", "--apm.data-dir=" + "relative-data");

		// then: told as the context tells it, under the name given, and nothing made
		assertThat(exitCode).isEqualTo(2);
		assertThat(err.toString(StandardCharsets.UTF_8))
			.isEqualToIgnoringNewLines("apm-reports: setting apm.data-dir has an invalid value 'relative-data': "
					+ "must be an absolute path, or start with ./ for one relative to the working directory");
		assertThat(Path.of("relative-data")).doesNotExist();
	}

}
