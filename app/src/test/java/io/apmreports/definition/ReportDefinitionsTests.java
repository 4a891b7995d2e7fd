package io.apmreports.definition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.apmreports.range.InvalidRangeException;
import io.apmreports.range.RangeSpec;
import io.apmreports.range.TimeRange;

class ReportDefinitionsTests {

	private static final String VALID = """
			title: Weekly performance
			applications:
			  name-contains: shop
			  ids: [7, 9]
			range: last-week
			time-zone: Europe/Berlin
			formats: [xlsx, csv]
			""";

	@TempDir
	Path reports;

	@Test
	void loadsTheShippedWeeklyDefinition() {
		ReportDefinition definition = new ReportDefinitions(Paths.get("reports")).load("weekly-performance");

		assertThat(definition.title()).isEqualTo("Weekly performance");
		assertThat(definition.range()).isEqualTo(RangeSpec.parse("last-week").orElseThrow());
		assertThat(definition.timeZone()).isEqualTo(ZoneId.of("Europe/Berlin"));
		assertThat(definition.formats()).containsExactlyInAnyOrder(ReportFormat.XLSX, ReportFormat.CSV);
		assertThat(definition.applications().nameContains()).isNull();
	}

	@Test
	void readsEveryField() throws IOException {
		write("weekly", VALID);

		ReportDefinition definition = new ReportDefinitions(reports).load("weekly");

		assertThat(definition.applications().nameContains()).isEqualTo("shop");
		assertThat(definition.applications().ids()).containsExactly(7L, 9L);
		assertThat(definition.sourceOr(SourceKind.NRQL)).as("no source pinned: the configured one")
			.isEqualTo(SourceKind.NRQL);
	}

	@Test
	void readsTheSelectionByTagsPatternsIdsAndExclusions() throws IOException {
		// given a selection with every kind of criterion, one tag value alone and one key
		// with two values
		write("team", """
				title: Team report
				applications:
				  tags: {team: [checkout, payments], environment: production}
				  names: "Checkout*"
				  ids: [1001]
				  exclude:
				    names: ["*Legacy", "*(retired)"]
				    ids: [1011]
				    tags: {cost-center: lab}
				range: last-week
				time-zone: UTC
				formats: [csv]
				""");

		// when
		ApplicationFilter filter = new ReportDefinitions(reports).load("team").applications();

		// then each criterion is read as written
		assertThat(filter.tags()).containsExactly(entry("team", List.of("checkout", "payments")),
				entry("environment", List.of("production")));
		assertThat(filter.names()).containsExactly("Checkout*");
		assertThat(filter.ids()).containsExactly(1001L);
		assertThat(filter.exclude().names()).containsExactly("*Legacy", "*(retired)");
		assertThat(filter.exclude().ids()).containsExactly(1011L);
		assertThat(filter.exclude().tags()).containsExactly(entry("cost-center", List.of("lab")));
		assertThat(filter.describe()).isEqualTo("names [\"Checkout*\"] and ids [1001] and tags team: checkout or "
				+ "payments, environment: production but not names [\"*Legacy\", \"*(retired)\"] or ids [1011] or "
				+ "tags cost-center: lab");
	}

	@Test
	void theHeadlinesCoverTheAccountATeamOrTheSelectedApplications() throws IOException {
		// given the shipped report, which selects every application, and one that selects
		write("weekly", VALID);
		ReportDefinition whole = new ReportDefinitions(Paths.get("reports")).load("weekly-performance");
		ReportDefinition selecting = new ReportDefinitions(reports).load("weekly");

		// then each names what its figures cover
		assertThat(whole.scope(null)).isEqualTo("The account");
		assertThat(selecting.scope(null)).isEqualTo("The selected applications");
		assertThat(whole.scope("checkout")).isEqualTo("Team checkout");
	}

	@Test
	void thresholdsGivenReplaceTodaysAndTheRestStay() throws IOException {
		// given
		write("weekly", VALID + """
				thresholds:
				  regression: 25%
				  regression-min-error-rate: 0.5pp
				  regressions: 3
				  high-error-rate: 2%
				files-link: https://files.example.com/apm
				""");

		// when
		Thresholds thresholds = new ReportDefinitions(reports).load("weekly").thresholds();

		// then
		assertThat(thresholds.regressionPct()).isEqualTo(25);
		assertThat(thresholds.regressionMinErrorPp()).isEqualTo(0.5);
		assertThat(thresholds.regressions()).isEqualTo(3);
		assertThat(thresholds.highErrorRate()).isEqualTo(0.02);
		assertThat(thresholds.regressionMinMs()).isEqualTo(Thresholds.DEFAULT.regressionMinMs());
		assertThat(thresholds.lowApdex()).isEqualTo(0.7);
		assertThat(new ReportDefinitions(reports).load("weekly").filesLink())
			.isEqualTo("https://files.example.com/apm");
	}

	@Test
	void aReportMayPinItsSource() throws IOException {
		// given a report that pins NRQL
		write("weekly", VALID + "source: nrql\n");

		// when
		ReportDefinition definition = new ReportDefinitions(reports).load("weekly");

		// then it reads NRQL whatever apm.source says
		assertThat(definition.sourceOr(SourceKind.REST)).isEqualTo(SourceKind.NRQL);
	}

	@Test
	void aUsageReportGroupsByATagKeyAndNothingElse() throws IOException {
		// given a usage report grouped by team, and one grouped by what is no tag key
		write("usage", VALID + "sections: [usage]\ngroup-by: cost-center\n");
		write("broken", VALID + "sections: [usage]\ngroup-by: \"team`; DROP\"\n");

		// when / then the first groups by its key, the second is refused naming the field
		assertThat(new ReportDefinitions(reports).load("usage").groupBy()).isEqualTo("cost-center");
		assertThatThrownBy(() -> new ReportDefinitions(reports).load("broken"))
			.hasMessageContaining("field 'group-by': 'team`; DROP' is not a tag key");
	}

	@ParameterizedTest(name = "{0}")
	@CsvSource(delimiter = '|',
			textBlock = """
					misspelt key        | titel: Weekly performance                   | unknown field 'titel' (known fields: applications, attachments, cost, email, files-link, formats, group-by, range, sections, source, thresholds, time-zone, title)
					misspelt nested key | applications: {name-contain: shop}          | unknown field 'applications.name-contain'
					threshold no sign   | 'thresholds: {regression: 10}'              | field 'thresholds.regression': '10' needs its percent sign, such as 10%
					threshold infinite  | 'thresholds: {regression: 1e309}'           | field 'thresholds.regression': '1e309' is out of range and needs its percent sign, such as 10%
					number infinite     | 'thresholds: {regression-min-ms: 1e309}'    | field 'thresholds.regression-min-ms': '1e309' is out of range: a number from 0 up
					threshold pp        | 'thresholds: {regression-min-error-rate: 0.2%}' | field 'thresholds.regression-min-error-rate': '0.2%' is a change of a rate in percentage points: write it with pp
					threshold range     | 'thresholds: {low-apdex: 1.5}'              | field 'thresholds.low-apdex': '1.5' is not a number from 0 to 1
					threshold whole     | 'thresholds: {busiest: 2.5}'                | field 'thresholds.busiest': '2.5' is not a whole number
					threshold misspelt  | 'thresholds: {regresion: 5%}'               | unknown field 'thresholds.regresion'
					files-link query    | 'files-link: https://x.example/a?b=1'       | field 'files-link': must be a URL or a shared folder
					tags not a mapping  | applications: {tags: [team]}                | field 'applications.tags': must map tag keys to values, such as {team: checkout, environment: production}
					tag without value   | applications: {tags: {team: ~}}             | field 'applications.tags.team': must be a value or a list of values
					misspelt exclusion  | applications: {exclude: {name: x}}          | unknown field 'applications.exclude.name'
					empty pattern       | applications: {names: [""]}                 | field 'applications.names': must be text or a list of text values
					missing title       | title: ~                                     | field 'title': is required
					unknown range       | range: lastweek                              | field 'range': 'lastweek' is not one of last-day, last-week, last-month or last-N-days
					bad zone            | time-zone: Europe/Berln                      | field 'time-zone': 'Europe/Berln' is not a time zone
					bad format          | formats: [xlsx, docx]                        | field 'formats': 'docx' is not one of xlsx, csv, pdf
					bad section         | sections: [summary, pies]                    | field 'sections': 'pies' is not one of summary, breakdown, hosts, key-transactions, comparison, trends, charts, usage
					no section          | sections: []                                 | field 'sections': is required: a list of summary/breakdown/hosts/key-transactions/comparison/trends/charts/usage/cost/ingest/service-levels values, such as [summary]
					formats not a list  | formats: 5                                   | field 'formats': must be a list of xlsx/csv/pdf values, such as [xlsx], not '5'
					one format, no list | formats: csv                                 | field 'formats': must be a list of xlsx/csv/pdf values, such as [xlsx], not 'csv'
					bad id              | applications: {ids: [x]}                     | field 'applications.ids': 'x' is not an application id
					malformed yaml      | 'range: [last-week'                          | not valid YAML
					unknown placeholder | 'email: {subject: "{titel} for {range}"}'   | field 'email.subject': '{titel}' is not one of {title}, {report}, {range}
					misspelt email key  | 'email: {subjet: Weekly}'                    | unknown field 'email.subjet'
					empty subject       | 'email: {subject: " "}'                      | field 'email.subject': must be one line of text
					unknown source      | source: graphql                              | field 'source': 'graphql' is not one of rest, nrql
					unknown attachment  | attachments: [xlsx, trends.csv]              | field 'attachments': 'trends.csv' is not one of xlsx, pdf, summary.csv, hosts.csv, key-transactions.csv, comparison.csv, trend.csv, usage.csv
					file not written    | attachments: [usage.csv]                     | field 'attachments': 'usage.csv' is not a file this report writes (it needs formats [csv] and sections [usage])
					pdf not written     | attachments: [pdf]                           | field 'attachments': 'pdf' is not a file this report writes (it needs formats [pdf])
					attachment, no list | attachments: xlsx                            | field 'attachments': must be a list of files such as [xlsx, summary.csv]
					groups, no usage    | group-by: team                               | field 'group-by': groups the usage, cost or service-levels section, and this report has none of them
					""")
	void refusesAMistakeWithOneLineNamingFileAndField(String mistake, String line, String message) throws IOException {
		// given the valid definition with one line replaced or added
		String key = line.substring(0, line.indexOf(':')).replace("'", "").replace("titel", "title");
		String yaml = VALID.lines()
			.filter(existing -> !existing.startsWith(key + ":")
					&& !(key.equals("applications") && existing.startsWith("  ")))
			.reduce("", (all, next) -> all + next + "\n") + line.replaceAll("^'|'$", "") + "\n";
		write("broken", yaml);

		// when / then
		assertThatThrownBy(() -> new ReportDefinitions(reports).load("broken")).isInstanceOf(DefinitionException.class)
			.hasMessageStartingWith(reports.resolve("broken.yml").toString())
			.hasMessageContaining(message)
			.satisfies(ex -> assertThat(ex.getMessage()).doesNotContain("\n"));
	}

	@Test
	void theEmailCarriesTheWorkbookAndSummaryUnlessTheDefinitionChoosesOtherFiles() throws IOException {
		// given
		write("weekly", VALID);
		write("chosen", VALID.replace("formats: [xlsx, csv]", "formats: [xlsx, csv, pdf]")
				+ "sections: [summary, hosts]\nattachments: [pdf, hosts.csv]\n");

		// when
		ReportDefinitions definitions = new ReportDefinitions(reports);
		ReportDefinition byDefault = definitions.load("weekly");
		ReportDefinition chosen = definitions.load("chosen");
		ReportDefinition monthly = new ReportDefinitions(Paths.get("reports")).load("monthly-usage");

		// then
		assertThat(byDefault.attachments()).containsExactlyInAnyOrder(Attachment.XLSX, Attachment.SUMMARY);
		assertThat(chosen.attachments()).containsExactlyInAnyOrder(Attachment.PDF, Attachment.HOSTS);
		assertThat(chosen.formats()).contains(ReportFormat.PDF);
		assertThat(monthly.attachments()).containsExactlyInAnyOrder(Attachment.XLSX, Attachment.USAGE);
	}

	@Test
	void refusesAnUnknownReportNamingTheAvailableOnes() throws IOException {
		write("weekly", VALID);

		assertThatThrownBy(() -> new ReportDefinitions(reports).load("monthly"))
			.hasMessageContaining("unknown report 'monthly'")
			.hasMessageContaining("(available: weekly)");
	}

	@Test
	void fillsTheEmailTemplateAndDefaultsWhatIsLeftOut() throws IOException {
		// given
		write("custom", VALID + "email:\n  subject: \"[{report}] {title}, {range}\"\n");
		Map<String, String> values = Map.of("title", "Weekly performance", "report", "custom", "range", "last week",
				"account", "Production (account 1)");

		// when
		ReportDefinition custom = new ReportDefinitions(reports).load("custom");
		ReportDefinition shipped = new ReportDefinitions(Paths.get("reports")).load("weekly-performance");

		// then
		assertThat(custom.email().subject(values)).isEqualTo("[custom] Weekly performance, last week");
		assertThat(custom.email().body(values))
			.isEqualTo("The Weekly performance report of Production (account 1) for last week is attached.");
		assertThat(shipped.email()).isEqualTo(EmailTemplate.DEFAULT);
	}

	@Test
	void aRangeGivenMustHaveEnded() throws IOException {
		// given a Saturday afternoon in Berlin
		write("weekly", VALID);
		ReportDefinition weekly = new ReportDefinitions(reports).load("weekly");
		Clock saturday = Clock.fixed(Instant.parse("2026-11-28T14:00:00Z"), ZoneOffset.UTC);

		// when / then a week still to come and the week under way are refused, each
		// naming its bound as given; the week that ended, up to now, is run
		assertThatThrownBy(() -> weekly.rangeFor("2027-01-04", "2027-01-11", saturday))
			.isInstanceOf(InvalidRangeException.class)
			.hasMessage("from '2027-01-04' is still to come (it is 2026-11-28 15:00 Europe/Berlin): a report covers a "
					+ "range that has happened");
		assertThatThrownBy(() -> weekly.rangeFor("2026-11-23", "2026-11-30", saturday))
			.isInstanceOf(InvalidRangeException.class)
			.hasMessage("to '2026-11-30' is still to come (it is 2026-11-28 15:00 Europe/Berlin): a range that has "
					+ "not ended would give a partial report; give --to no later than now");
		assertThat(weekly.rangeFor("2026-11-16", "2026-11-23", saturday))
			.isEqualTo(TimeRange.parse("2026-11-16T00:00:00+01:00", "2026-11-23T00:00:00+01:00"));
		assertThat(weekly.rangeFor("2026-11-28T00:00:00+01:00", "2026-11-28T15:00:00+01:00", saturday).to())
			.isEqualTo(OffsetDateTime.parse("2026-11-28T15:00:00+01:00"));
	}

	@Test
	void refusesATitleNoSheetOrPageHeaderCouldShowWhole() throws IOException {
		// given a title of 200,000 characters, which a workbook's cell could not hold
		write("broken", VALID.replace("title: Weekly performance", "title: " + "x".repeat(200_000)));

		// when / then it is refused as the definition is read, before any fetching
		assertThatThrownBy(() -> new ReportDefinitions(reports).load("broken")).isInstanceOf(DefinitionException.class)
			.hasMessage(reports.resolve("broken.yml") + ": field 'title': is 200000 characters long; a title has at "
					+ "most 150, to fit a sheet's and a page's header");
	}

	@Test
	void aTitleOfTheLongestLengthIsRead() throws IOException {
		write("long", VALID.replace("title: Weekly performance", "title: " + "x".repeat(150)));

		assertThat(new ReportDefinitions(reports).load("long").title()).hasSize(150);
	}

	@Test
	void refusesASubjectLongerThanAMailProgramShows() throws IOException {
		// given a subject of 20,000 characters
		write("broken", VALID + "email: {subject: " + "x".repeat(20_000) + "}\n");

		// when / then
		assertThatThrownBy(() -> new ReportDefinitions(reports).load("broken")).isInstanceOf(DefinitionException.class)
			.hasMessage(reports.resolve("broken.yml") + ": field 'email.subject': is 20000 characters long; a subject "
					+ "has at most 200, about what a mail program shows");
	}

	@Test
	void aFileThatIsNotUtf8IsSaidToBeSo() throws IOException {
		// given a definition saved as Latin-1, its title with an umlaut
		Files.write(reports.resolve("latin.yml"),
				VALID.replace("Weekly performance", "Wöchentlich").getBytes(StandardCharsets.ISO_8859_1));

		// when / then the line names the file and what is wrong, and no Java class
		assertThatThrownBy(() -> new ReportDefinitions(reports).load("latin")).isInstanceOf(DefinitionException.class)
			.hasMessage(reports.resolve("latin.yml") + ": is not UTF-8 text: save it as UTF-8");
	}

	@Test
	void refusesANameThatCouldLeaveTheOutputDirectory() {
		assertThatThrownBy(() -> new ReportDefinitions(reports).load("../../x"))
			.hasMessageContaining("report name '../../x' is not valid");
	}

	private void write(String name, String yaml) throws IOException {
		Files.writeString(reports.resolve(name + ".yml"), yaml);
	}

}
