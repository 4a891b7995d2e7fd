package io.apmreports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code validate} as a user (or a CI job) runs it: no Spring, no network, one answer.
 */
class ValidateCommandTests {

	@TempDir
	Path workDir;

	@Test
	void theShippedFilesValidateAndAreListed() {
		CliRunner.Result result = CliRunner.run("validate");

		assertThat(result.exitCode()).as(result.all()).isEqualTo(0);
		assertThat(result.out().lines()).containsExactly("ok  reports/monthly-usage.yml",
				"ok  reports/weekly-performance.yml", "ok  schedules/monthly-finance.yml",
				"ok  schedules/weekly-ops.yml", "ok  schedules/weekly-teams.yml");
		assertThat(result.err()).isEmpty();
	}

	@Test
	void aBadScheduleGivesExitTwoAndOneLine() throws IOException {
		// given a schedule whose cron has five fields, as crontab's would
		Path schedules = Files.createDirectories(workDir.resolve("schedules"));
		Files.writeString(schedules.resolve("nightly.yml"), """
				name: nightly
				cron: 0 6 * * *
				zone: UTC
				report: weekly-performance
				recipients: [ops@example.com]
				""");

		// when
		CliRunner.Result result = CliRunner.run("validate", "--schedule.definitions=" + schedules);

		// then
		assertThat(result.exitCode()).isEqualTo(2);
		assertThat(result.all().lines()).containsExactly("apm-reports: " + schedules.resolve("nightly.yml")
				+ ": field 'cron': '0 6 * * *' is not a cron expression of 6 fields: second minute hour day-of-month "
				+ "month day-of-week, such as 0 0 6 * * MON (Cron expression must consist of 6 fields (found 5 in "
				+ "\"0 6 * * *\"))");
	}

	@Test
	void aScheduleOfAReportMissingFromTheReportDirectoryIsRefused() throws IOException {
		Path reports = Files.createDirectories(workDir.resolve("reports"));
		Files.copy(Path.of("reports/monthly-usage.yml"), reports.resolve("monthly-usage.yml"));

		CliRunner.Result result = CliRunner.run("validate", "--report.definitions=" + reports);

		assertThat(result.exitCode()).isEqualTo(2);
		assertThat(result.err())
			.startsWith("apm-reports: schedules/weekly-ops.yml: field 'report': unknown report 'weekly-performance'");
		assertThat(result.all().lines()).hasSize(1);
	}

	@Test
	void aReportFileNamedAgainstTheRulesIsNamed() throws IOException {
		Path reports = Files.createDirectories(workDir.resolve("reports"));
		Files.copy(Path.of("reports/weekly-performance.yml"), reports.resolve("Weekly_Performance.yml"));

		CliRunner.Result result = CliRunner.run("validate", "--report.definitions=" + reports);

		assertThat(result.exitCode()).isEqualTo(2);
		assertThat(result.all().lines()).containsExactly("apm-reports: " + reports.resolve("Weekly_Performance.yml")
				+ ": report name 'Weekly_Performance' is not valid: use lower-case letters, digits and dashes");
	}

	@Test
	void aMissingDirectoryOrAMisspeltSettingIsRefused() {
		CliRunner.Result missing = CliRunner.run("validate", "--schedule.definitions=" + workDir.resolve("none"));
		CliRunner.Result misspelt = CliRunner.run("validate", "--schedule.definition=" + workDir);

		assertThat(missing.exitCode()).isEqualTo(2);
		assertThat(missing.err()).contains("none: no such directory (set --schedule.definitions=DIR)");
		assertThat(misspelt.exitCode()).isEqualTo(2);
		assertThat(misspelt.err().lines()).containsExactly(
				"apm-reports: unknown option --schedule.definition for validate",
				"Did you mean: apm-reports validate --schedule.definitions?");
	}

}
