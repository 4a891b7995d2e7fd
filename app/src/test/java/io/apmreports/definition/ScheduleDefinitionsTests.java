package io.apmreports.definition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.ZoneId;
import java.util.List;
import java.time.ZonedDateTime;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.scheduling.support.CronExpression;

import io.apmreports.range.RangeSpec;
import io.apmreports.range.TimeRange;

class ScheduleDefinitionsTests {

	private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");

	private static final String VALID = """
			name: ops
			cron: 0 0 6 * * MON
			zone: Europe/Berlin
			report: weekly-performance
			recipients: [ops@example.com, oncall@example.org]
			""";

	private static final ReportDefinitions SHIPPED_REPORTS = new ReportDefinitions(Paths.get("reports"));

	private static final ScheduleDefinitions SHIPPED = new ScheduleDefinitions(Paths.get("schedules"), SHIPPED_REPORTS);

	@TempDir
	Path schedules;

	@Test
	void loadsTheShippedSchedules() {
		assertThat(SHIPPED.names()).containsExactly("daily-ingest", "monthly-cost", "monthly-finance",
				"monthly-service-levels", "weekly-ops", "weekly-teams");

		ScheduleDefinition weekly = SHIPPED.load("weekly-ops");
		assertThat(weekly.cron()).isEqualTo(CronExpression.parse("0 0 6 * * MON"));
		assertThat(weekly.zone()).isEqualTo(BERLIN);
		assertThat(weekly.report()).isEqualTo("weekly-performance");
		assertThat(weekly.range()).isEqualTo(RangeSpec.parse("last-week").orElseThrow());
		assertThat(weekly.recipients()).containsExactly("ops@example.com");
		assertThat(weekly.enabled()).isTrue();

		ScheduleDefinition monthly = SHIPPED.load("monthly-finance");
		assertThat(monthly.cron()).isEqualTo(CronExpression.parse("0 0 7 1 * *"));
		assertThat(monthly.report()).isEqualTo("monthly-usage");
		assertThat(monthly.range()).isEqualTo(RangeSpec.parse("last-month").orElseThrow());
		assertThat(monthly.recipients()).containsExactly("finance@example.com");

		ScheduleDefinition teams = SHIPPED.load("weekly-teams");
		assertThat(teams.perTeam()).extracting(ScheduleDefinition::name)
			.containsExactly("weekly-teams/checkout", "weekly-teams/storefront", "weekly-teams/platform");
		assertThat(teams.perTeam().get(2).recipients()).containsExactly("platform@example.com", "sre@example.com");
		assertThat(teams.perTeam().get(0).team().applications().tags()).containsEntry("team", List.of("checkout"));
	}

	@Test
	void theShippedCostSchedulesRunInUtcTheMeasurementForNobody() {
		// when
		ScheduleDefinition cost = SHIPPED.load("monthly-cost");
		ScheduleDefinition ingest = SHIPPED.load("daily-ingest");

		// then the bill on the 2nd, when the month's usage figures have settled, to
		// finance
		assertThat(cost.cron()).isEqualTo(CronExpression.parse("0 0 5 2 * *"));
		assertThat(cost.zone()).isEqualTo(ZoneId.of("UTC"));
		assertThat(cost.range()).isEqualTo(RangeSpec.parse("last-month").orElseThrow());
		assertThat(cost.recipients()).containsExactly("finance@example.com");
		// and the measurement of the day just ended, kept, sent to no one
		assertThat(ingest.cron()).isEqualTo(CronExpression.parse("0 30 0 * * *"));
		assertThat(ingest.zone()).isEqualTo(ZoneId.of("UTC"));
		assertThat(ingest.range()).isEqualTo(RangeSpec.parse("last-day").orElseThrow());
		assertThat(ingest.recipients()).isEmpty();
		assertThat(ingest.reached()).isEmpty();
		assertThat(ingest.rangeFor(ZonedDateTime.of(2026, 11, 28, 0, 30, 0, 0, ZoneId.of("UTC"))))
			.isEqualTo(TimeRange.parse("2026-11-27T00:00:00Z", "2026-11-28T00:00:00Z"));
	}

	@Test
	void onlyAMeasurementMayHaveNoRecipients() throws IOException {
		// given the daily ingest report's schedule with recipients left empty, and the
		// cost
		// report's without any
		write("ingest", """
				name: ingest
				cron: 0 30 0 * * *
				zone: UTC
				report: daily-ingest
				recipients: []
				""");
		write("cost", """
				name: cost
				cron: 0 0 5 2 * *
				zone: UTC
				report: monthly-cost
				""");

		// when / then the measurement is kept and sent to no one; a report is for someone
		assertThat(load("ingest").recipients()).isEmpty();
		assertThatThrownBy(() -> load("cost")).isInstanceOf(DefinitionException.class)
			.hasMessage(schedules.resolve("cost.yml") + ": field 'recipients': is required: a list of e-mail "
					+ "addresses and chat channels, such as [ops@example.com, slack:ops]");
	}

	@ParameterizedTest(name = "{0}")
	@CsvSource(delimiter = '|',
			textBlock = """
					cost in Berlin        | monthly-cost | zone: Europe/Berlin | field 'zone': 'Europe/Berlin' will not do for the cost section: the vendor bills calendar months in UTC, so its months start at midnight UTC, and a schedule's range starts at midnight in its zone; write zone: UTC, and the cron's hours in UTC
					ingest in New York    | daily-ingest | zone: America/New_York | field 'zone': 'America/New_York' will not do for the ingest section
					cost over a week      | monthly-cost | range: last-week    | field 'range': 'last-week' will not do for the cost section: it covers a billing month, a calendar month; leave range out, or write range: last-month
					ingest over two days  | daily-ingest | range: last-2-days  | field 'range': 'last-2-days' will not do for the ingest section
					""")
	void aCostOrIngestScheduleKeepsItsReportsUtcPeriods(String mistake, String report, String line, String message)
			throws IOException {
		// given the report's schedule with one line replaced or added
		String key = line.substring(0, line.indexOf(':'));
		String yaml = ("name: broken\ncron: 0 0 5 2 * *\nzone: UTC\nreport: " + report
				+ "\nrecipients: [finance@example.com]\n")
			.lines()
			.filter(existing -> !existing.startsWith(key + ":"))
			.reduce("", (all, next) -> all + next + "\n") + line + "\n";
		write("broken", yaml);

		// when / then
		assertThatThrownBy(() -> load("broken")).isInstanceOf(DefinitionException.class)
			.hasMessageStartingWith(schedules.resolve("broken.yml") + ": ")
			.hasMessageContaining(message)
			.satisfies(ex -> assertThat(ex.getMessage()).doesNotContain("\n"));
	}

	@Test
	void aTeamMayChooseItsApplicationsAndTheOthersTakeTheTeamTag() throws IOException {
		// given one team with its own selection and one by the tag
		write("teams", VALID.replace("name: ops", "name: teams")
			.replace("recipients: [ops@example.com, oncall@example.org]\n", "") + """
					team-tag: squad
					teams:
					  web:
					    applications: {names: ["Storefront*"], exclude: {ids: [1003]}}
					    recipients: [web@example.com]
					  data: {recipients: [data@example.com]}
					""");

		// when
		List<ScheduleDefinition> perTeam = load("teams").perTeam();

		// then
		assertThat(perTeam.get(0).team().applications().names()).containsExactly("Storefront*");
		assertThat(perTeam.get(0).team().applications().exclude().ids()).containsExactly(1003L);
		assertThat(perTeam.get(1).team().applications().tags()).containsExactly(entry("squad", List.of("data")));
		assertThat(perTeam.get(1).recipients()).containsExactly("data@example.com");
	}

	@Test
	void withoutARangeTakesTheReportsAndWithoutEnabledIsEnabled() throws IOException {
		write("ops", VALID);

		ScheduleDefinition schedule = load("ops");

		assertThat(schedule.range()).isEqualTo(SHIPPED_REPORTS.load("weekly-performance").range());
		assertThat(schedule.enabled()).isTrue();
		assertThat(schedule.recipients()).containsExactly("ops@example.com", "oncall@example.org");
	}

	@Test
	void readsWhenToSendWhoHearsOfAFailureAndChatChannels() throws IOException {
		// given
		write("ops",
				VALID.replace("recipients: [ops@example.com, oncall@example.org]",
						"recipients: [\"Ops Team <ops@example.com>\", slack:ops]")
						+ "send-when: {apdex-below: 0.85, for: each-application}\n"
						+ "on-failure: [oncall@example.org, teams:sre]\n");

		// when
		ScheduleDefinition schedule = load("ops");

		// then
		assertThat(schedule.recipients()).containsExactly("Ops Team <ops@example.com>", "slack:ops");
		assertThat(schedule.sendWhen()).isEqualTo(SendWhen.parse("apdex-below=0.85,for=each-application"));
		assertThat(schedule.onFailure()).containsExactly("oncall@example.org", "teams:sre");
	}

	@Test
	void readsItsOwnRangeAndEnabled() throws IOException {
		write("ops", VALID + "range: last-3-days\nenabled: false\n");

		ScheduleDefinition schedule = load("ops");

		assertThat(schedule.range()).isEqualTo(RangeSpec.parse("last-3-days").orElseThrow());
		assertThat(schedule.enabled()).isFalse();
	}

	@ParameterizedTest(name = "{0}")
	@CsvSource(delimiter = '|',
			textBlock = """
					bad cron            | cron: 0 6 * * MON                     | field 'cron': '0 6 * * MON' is not a cron expression of 6 fields
					cron out of range   | cron: 0 0 25 * * MON                  | field 'cron': '0 0 25 * * MON' is not a cron expression
					missing cron        | cron: ~                               | field 'cron': is required
					bad zone            | zone: Europe/Berln                    | field 'zone': 'Europe/Berln' is not a time zone
					unknown report      | report: nightly                       | field 'report': unknown report 'nightly'
					report name escapes | report: ../x                          | field 'report': report name '../x' is not valid
					bad recipient       | recipients: [ops@example.com, ops-at-example.com] | field 'recipients': 'ops-at-example.com' is not an e-mail address (such as ops@example.com or Jane Doe <jane@example.com>), nor a chat channel (slack:NAME or teams:NAME)
					recipient no domain | recipients: [ops@example]             | field 'recipients': 'ops@example' is not an e-mail address
					empty recipients    | recipients: []                        | field 'recipients': is required
					missing recipients  | recipients: ~                         | field 'recipients': is required
					recipient not listed | recipients: ops@example.com          | field 'recipients': must be a list of e-mail addresses and chat channels, such as [ops@example.com, slack:ops], not 'ops@example.com'
					misspelt key        | recipient: [ops@example.com]          | unknown field 'recipient' (known fields: cron, enabled, name, on-failure, range, recipients, report, send-when, team-tag, teams, zone)
					teams and recipients | 'teams: {web: {recipients: [w@example.com], applications: {ids: [1]}}}' | field 'recipients': a schedule with teams sends each team's report to its own
					team tag alone      | team-tag: team                        | field 'team-tag': goes with teams
					cron never fires    | cron: 0 0 0 30 2 *                    | field 'cron': '0 0 0 30 2 *' never fires
					recipient CR LF     | recipients: [\"ops@example.com\\r\\nBcc: x@example.com\"] | field 'recipients': 'ops@example.com\\r\\nBcc: x@example.com' is not an e-mail address
					team without apps   | 'teams: {web: {recipients: [w@example.com]}}' | field 'teams.web.applications': is required, unless team-tag names the tag
					team bad name       | 'teams: {Web Team: {recipients: [w@example.com]}}' | field 'teams.Web Team': 'Web Team' is not a team name
					team no recipients  | 'teams: {web: {applications: {ids: [1]}}}' | field 'teams.web.recipients': is required
					teams empty         | 'teams: {}'                           | field 'teams': must be a mapping of team names
					bad range           | range: lastweek                       | field 'range': 'lastweek' is not one of last-day, last-week, last-month or last-N-days
					enabled not boolean | enabled: sometimes                    | field 'enabled': 'sometimes' is not true or false
					send-when unknown   | send-when: sometimes                  | field 'send-when': 'sometimes' is not one of always, regressions, or limits
					send-when bad limit | 'send-when: {apdex-below: 2}'         | field 'send-when': apdex-below '2' is not a number from 0 to 1
					send-when no pct    | 'send-when: {error-rate-above: 2}'    | field 'send-when': error-rate-above '2' needs its percent sign
					on-failure bad      | 'on-failure: [slack:#ops]'            | field 'on-failure': 'slack:#ops' does not name a Slack channel
					name not file name  | name: weekly-ops                      | field 'name': 'weekly-ops' is not the file's name 'broken'
					missing name        | name: ~                               | field 'name': is required
					malformed yaml      | 'cron: [0 0 6'                        | not valid YAML
					""")
	void refusesAMistakeWithOneLineNamingFileAndField(String mistake, String line, String message) throws IOException {
		// given the valid schedule with one line replaced or added, named after its file
		String key = line.substring(0, line.indexOf(':')).replace("'", "");
		String replaced = key.equals("recipient") ? "recipients" : key;
		String yaml = VALID.replace("name: ops", "name: broken")
			.lines()
			.filter(existing -> !existing.startsWith(replaced + ":"))
			.reduce("", (all, next) -> all + next + "\n") + line.replaceAll("^'|'$", "") + "\n";
		write("broken", yaml);

		// when / then
		assertThatThrownBy(() -> load("broken")).isInstanceOf(DefinitionException.class)
			.hasMessageStartingWith(schedules.resolve("broken.yml").toString())
			.hasMessageContaining(message)
			.satisfies(ex -> assertThat(ex.getMessage()).doesNotContain("\n"));
	}

	@Test
	void refusesAnEmptyTeamTag() throws IOException {
		// given teams whose applications an empty tag would name
		write("broken",
				VALID.replace("name: ops", "name: broken")
					.replace("recipients: [ops@example.com, oncall@example.org]\n", "")
						+ "team-tag: ''\nteams: {web: {recipients: [w@example.com]}}\n");

		// when / then
		assertThatThrownBy(() -> load("broken")).isInstanceOf(DefinitionException.class)
			.hasMessage(schedules.resolve("broken.yml") + ": field 'team-tag': '' is not a tag key (letters, digits, "
					+ "'.', '_' and '-', up to 128 characters, such as team)");
	}

	@Test
	void refusesAFileNameThatIsNotAValidName() throws IOException {
		write("Weekly_Ops", VALID.replace("name: ops", "name: Weekly_Ops"));

		assertThatThrownBy(() -> load("Weekly_Ops"))
			.hasMessageStartingWith(schedules.resolve("Weekly_Ops.yml").toString())
			.hasMessageContaining("schedule name 'Weekly_Ops' is not valid");
	}

	@Test
	void aLateCatchUpRunStillReportsTheRangeOfItsFireTime() {
		ScheduleDefinition weekly = SHIPPED.load("weekly-ops");
		ZonedDateTime fireTime = ZonedDateTime.of(2026, 11, 16, 6, 0, 0, 0, BERLIN);
		TimeRange onTime = weekly.rangeFor(fireTime);

		// started nine days late, on a machine in another zone: the range still comes
		// from the fire time
		ZonedDateTime startedAt = fireTime.plusDays(9).withZoneSameInstant(ZoneId.of("America/Los_Angeles"));
		TimeRange caughtUp = weekly.rangeFor(fireTime.withZoneSameInstant(startedAt.getZone()));

		assertThat(caughtUp).isEqualTo(onTime);
		assertThat(weekly.range().lastBefore(startedAt.withZoneSameInstant(BERLIN))).isNotEqualTo(onTime);
	}

	@Test
	void aFireTimeInAnotherZoneIsReadInTheSchedulesZone() {
		ScheduleDefinition weekly = SHIPPED.load("weekly-ops");
		// Monday 06:00 in Berlin is still Sunday 19:00 in Honolulu: the week must not end
		// a week early
		ZonedDateTime fireTime = ZonedDateTime.of(2026, 11, 16, 6, 0, 0, 0, BERLIN);

		assertThat(weekly.rangeFor(fireTime.withZoneSameInstant(ZoneId.of("Pacific/Honolulu"))))
			.isEqualTo(weekly.rangeFor(fireTime));
	}

	private ScheduleDefinition load(String name) {
		return new ScheduleDefinitions(schedules, SHIPPED_REPORTS).load(name);
	}

	private void write(String name, String yaml) throws IOException {
		Files.writeString(schedules.resolve(name + ".yml"), yaml);
	}

}
