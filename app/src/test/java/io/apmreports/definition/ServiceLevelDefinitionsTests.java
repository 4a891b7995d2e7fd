package io.apmreports.definition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.scheduling.support.CronExpression;

import io.apmreports.range.InvalidRangeException;
import io.apmreports.range.RangeSpec;
import io.apmreports.range.TimeRange;

/**
 * The service-level report's definition and schedule: calendar months in the report's
 * zone, its two CSV files attachable, the shipped pair.
 */
class ServiceLevelDefinitionsTests {

	private static final String VALID = """
			title: Service levels
			range: last-month
			time-zone: Europe/Berlin
			formats: [xlsx, csv]
			sections: [service-levels]
			""";

	private static final ReportDefinitions SHIPPED_REPORTS = new ReportDefinitions(Paths.get("reports"));

	/** Saturday 28 November 2026, in the afternoon. */
	private static final Clock NOW = Clock.fixed(Instant.parse("2026-11-28T14:00:00Z"), ZoneOffset.UTC);

	@TempDir
	Path reports;

	@TempDir
	Path schedules;

	@Test
	void theShippedReportIsLastMonthByTeamThroughNrqlInEveryFormat() {
		// when
		ReportDefinition report = SHIPPED_REPORTS.load("monthly-service-levels");

		// then
		assertThat(report.sections()).containsExactly(Section.SERVICE_LEVELS);
		assertThat(report.range()).isEqualTo(RangeSpec.parse("last-month").orElseThrow());
		assertThat(report.groupBy()).isEqualTo("team");
		assertThat(report.sourceOr(SourceKind.REST)).isEqualTo(SourceKind.NRQL);
		assertThat(report.formats()).containsExactlyInAnyOrder(ReportFormat.XLSX, ReportFormat.CSV, ReportFormat.PDF);
		assertThat(report.attachments()).contains(Attachment.SERVICE_LEVELS, Attachment.SLA);
	}

	@Test
	void theShippedScheduleRunsOnTheFirstAt6InTheReportsZone() {
		// when
		ScheduleDefinition schedule = new ScheduleDefinitions(Paths.get("schedules"), SHIPPED_REPORTS)
			.load("monthly-service-levels");

		// then
		assertThat(schedule.cron()).isEqualTo(CronExpression.parse("0 0 6 1 * *"));
		assertThat(schedule.zone()).isEqualTo(ZoneId.of("UTC"));
		assertThat(schedule.report()).isEqualTo("monthly-service-levels");
		assertThat(schedule.recipients()).isNotEmpty();
	}

	@Test
	void aServiceLevelReportOverAWeekIsRefusedInOneLine() throws IOException {
		// given
		write(reports, "broken", VALID.replace("last-month", "last-week"));

		// when / then
		assertThatThrownBy(() -> new ReportDefinitions(reports).load("broken")).isInstanceOf(DefinitionException.class)
			.hasMessage(reports.resolve("broken.yml") + ": field 'range': 'last-week' will not do for the "
					+ "service-levels section: it tells each calendar month's attainment and error budget; write "
					+ "range: last-month");
	}

	@Test
	void aRangeGivenByHandIsOneCalendarMonthInTheReportsZone() throws IOException {
		// given
		write(reports, "levels", VALID);
		ReportDefinition levels = new ReportDefinitions(reports).load("levels");

		// when / then October in Berlin is run; October in UTC and a part of a month are
		// not, and the month meant is named
		assertThat(levels.rangeFor("2026-10-01", "2026-11-01", NOW))
			.isEqualTo(TimeRange.parse("2026-10-01T00:00:00+02:00", "2026-11-01T00:00:00+01:00"));
		assertThatThrownBy(() -> levels.rangeFor("2026-10-01T00:00:00Z", "2026-11-01T00:00:00Z", NOW))
			.isInstanceOf(InvalidRangeException.class)
			.hasMessage("a service-level report covers one calendar month in Europe/Berlin: give --from=2026-10-01 "
					+ "--to=2026-11-01");
		assertThatThrownBy(() -> levels.rangeFor("2026-10-05", "2026-11-01", NOW))
			.hasMessageContaining("give --from=2026-10-01 --to=2026-11-01");
	}

	@Test
	void aScheduleKeepsTheReportsMonths() throws IOException {
		// given the report in Berlin, scheduled in UTC, and over a week
		write(reports, "levels", VALID);
		ReportDefinitions definitions = new ReportDefinitions(reports);
		write(schedules, "utc",
				"name: utc\ncron: 0 0 6 1 * *\nzone: UTC\nreport: levels\nrecipients: [a@example.com]\n");
		write(schedules, "weekly", "name: weekly\ncron: 0 0 6 1 * *\nzone: Europe/Berlin\nreport: levels\n"
				+ "range: last-week\nrecipients: [a@example.com]\n");

		// when / then
		ScheduleDefinitions loaded = new ScheduleDefinitions(schedules, definitions);
		assertThatThrownBy(() -> loaded.load("utc")).isInstanceOf(DefinitionException.class)
			.hasMessage(schedules.resolve("utc.yml") + ": field 'zone': 'UTC' will not do for the service-levels "
					+ "section: it tells calendar months in the report's zone, and a schedule's range starts at "
					+ "midnight in its zone; write zone: Europe/Berlin");
		assertThatThrownBy(() -> loaded.load("weekly")).isInstanceOf(DefinitionException.class)
			.hasMessageContaining("field 'range': 'last-week' will not do for the service-levels section")
			.hasMessageContaining("leave range out, or write range: last-month");
	}

	@Test
	void theTwoCsvFilesAreAttachmentsOfTheSection() throws IOException {
		// given a service-level report attaching both, and a usage report trying to
		write(reports, "levels", VALID + "attachments: [service-levels.csv, sla.csv]\n");
		write(reports, "usage", VALID.replace("[service-levels]", "[usage]") + "attachments: [sla.csv]\n");

		// when / then
		assertThat(new ReportDefinitions(reports).load("levels").attachments())
			.containsExactlyInAnyOrder(Attachment.SERVICE_LEVELS, Attachment.SLA);
		assertThatThrownBy(() -> new ReportDefinitions(reports).load("usage"))
			.hasMessageContaining("field 'attachments': 'sla.csv' is not a file this report writes (it needs formats "
					+ "[csv] and sections [service-levels])");
	}

	private static void write(Path folder, String name, String yaml) throws IOException {
		Files.writeString(folder.resolve(name + ".yml"), yaml);
	}

}
