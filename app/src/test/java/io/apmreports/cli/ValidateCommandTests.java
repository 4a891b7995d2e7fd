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

	/** A schedule whose cron has five fields, as crontab's would. */
	private static final String FIVE_FIELD_CRON = """
			name: nightly
			cron: 0 6 * * *
			zone: UTC
			report: weekly-performance
			recipients: [ops@example.com]
			""";

	@TempDir
	Path workDir;

	@Test
	void theShippedFilesValidateAndAreListed() {
		CliRunner.Result result = CliRunner.run("validate");

		assertThat(result.exitCode()).as(result.all()).isEqualTo(0);
		assertThat(result.out().lines()).containsExactly("ok  reports/daily-ingest.yml", "ok  reports/monthly-cost.yml",
				"ok  reports/monthly-service-levels.yml", "ok  reports/monthly-usage.yml",
				"ok  reports/weekly-performance.yml", "ok  schedules/daily-ingest.yml",
				"ok  schedules/monthly-cost.yml", "ok  schedules/monthly-finance.yml",
				"ok  schedules/monthly-service-levels.yml", "ok  schedules/weekly-ops.yml",
				"ok  schedules/weekly-teams.yml");
		assertThat(result.err()).isEmpty();
	}

	@Test
	void aBadScheduleGivesExitTwoAndOneLine() throws IOException {
		// given a schedule whose cron has five fields, as crontab's would
		Path schedules = Files.createDirectories(workDir.resolve("schedules"));
		Files.writeString(schedules.resolve("nightly.yml"), FIVE_FIELD_CRON);

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
		for (String kept : new String[] { "monthly-usage", "monthly-cost", "daily-ingest", "monthly-service-levels" }) {
			Files.copy(Path.of("reports/" + kept + ".yml"), reports.resolve(kept + ".yml"));
		}

		CliRunner.Result result = CliRunner.run("validate", "--report.definitions=" + reports);

		// both schedules of the missing report are named, each in a line of its own
		assertThat(result.exitCode()).isEqualTo(2);
		assertThat(result.err().lines()).hasSize(2)
			.anySatisfy(line -> assertThat(line).startsWith(
					"apm-reports: schedules/weekly-ops.yml: field 'report': unknown report 'weekly-performance'"))
			.anySatisfy(line -> assertThat(line).startsWith(
					"apm-reports: schedules/weekly-teams.yml: field 'report': unknown report 'weekly-performance'"));
		assertThat(result.out()).isEmpty();
	}

	@Test
	void aReportFileNamedAgainstTheRulesIsNamed() throws IOException {
		Path reports = Files.createDirectories(workDir.resolve("reports"));
		Files.copy(Path.of("reports/weekly-performance.yml"), reports.resolve("Weekly_Performance.yml"));

		CliRunner.Result result = CliRunner.run("validate", "--report.definitions=" + reports);

		assertThat(result.exitCode()).isEqualTo(2);
		assertThat(result.all().lines()).contains("apm-reports: " + reports.resolve("Weekly_Performance.yml")
				+ ": report name 'Weekly_Performance' is not valid: use lower-case letters, digits and dashes");
	}

	@Test
	void everyBadFileIsListedAtOnceAndAYamlFileIsReadLikeAYmlOne() throws IOException {
		// given three bad files, and a good schedule spelt .yaml
		Path reports = Files.createDirectories(workDir.resolve("reports3"));
		Files.copy(Path.of("reports/weekly-performance.yml"), reports.resolve("weekly-performance.yml"));
		Files.writeString(reports.resolve("daily.yml"),
				"title: Daily\nrange: last-day\ntime-zone: Europe/Berln\n" + "formats: [csv]\n");
		Files.writeString(reports.resolve("hourly.yaml"), "titel: Hourly\n");
		Path schedules = Files.createDirectories(workDir.resolve("schedules3"));
		Files.writeString(schedules.resolve("nightly.yml"), FIVE_FIELD_CRON);
		Files.writeString(schedules.resolve("weekly.yaml"), """
				name: weekly
				cron: 0 0 6 * * MON
				zone: UTC
				report: weekly-performance
				recipients: [ops@example.com]
				""");

		// when
		CliRunner.Result result = CliRunner.run("validate", "--report.definitions=" + reports,
				"--schedule.definitions=" + schedules);

		// then each bad file has its line, and the .yaml schedule is not among them
		assertThat(result.exitCode()).isEqualTo(2);
		assertThat(result.err().lines()).hasSize(3)
			.anySatisfy(line -> assertThat(line).startsWith("apm-reports: " + reports.resolve("daily.yml") + ": "))
			.anySatisfy(line -> assertThat(line).startsWith("apm-reports: " + reports.resolve("hourly.yaml") + ": "))
			.anySatisfy(line -> assertThat(line).startsWith("apm-reports: " + schedules.resolve("nightly.yml") + ": "));
		assertThat(result.err()).doesNotContain("weekly.yaml");
	}

	@Test
	void aNameSpeltBothWaysIsOneLine() throws IOException {
		Path reports = Files.createDirectories(workDir.resolve("reports4"));
		Files.copy(Path.of("reports/weekly-performance.yml"), reports.resolve("weekly-performance.yml"));
		Files.copy(Path.of("reports/weekly-performance.yml"), reports.resolve("weekly-performance.yaml"));

		CliRunner.Result result = CliRunner.run("validate", "--report.definitions=" + reports,
				"--schedule.definitions=" + Files.createDirectories(workDir.resolve("none4")));

		assertThat(result.exitCode()).isEqualTo(2);
		assertThat(result.err().strip()).isEqualTo("apm-reports: " + reports.resolve("weekly-performance.yml") + " and "
				+ reports.resolve("weekly-performance.yaml") + " both define 'weekly-performance': keep one of them");
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
