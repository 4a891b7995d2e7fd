package io.apmreports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import com.icegreen.greenmail.junit5.GreenMailExtension;
import jakarta.mail.internet.MimeMessage;
import org.apache.poi.openxml4j.exceptions.InvalidFormatException;
import org.apache.poi.ss.usermodel.DataFormatter;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

import io.apmreports.definition.SourceKind;
import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.sandbox.SandboxServer;
import io.apmreports.testing.TestMail;

/**
 * Applications chosen the way teams name them, through both sources on the demo account:
 * by tags (from entity search, for REST too), name patterns, ids and exclusions.
 */
class SelectionIntegrationTests {

	private static final String KEY = "selection-key";

	private static final String OUT = "out/team/1234567/2026-11-09_2026-11-16/";

	@RegisterExtension
	static final GreenMailExtension greenMail = TestMail.server();

	private static SandboxServer sandbox;

	@TempDir
	Path workDir;

	@BeforeAll
	static void start() {
		sandbox = SandboxServer.start(SandboxOptions.demo(KEY));
	}

	@AfterAll
	static void stop() {
		sandbox.close();
	}

	@ParameterizedTest(name = "{0}: {1}")
	@CsvSource(delimiter = '|',
			textBlock = """
					REST | tags: {team: checkout}                                                  | 1001 1005 1009
					NRQL | tags: {team: checkout}                                                  | 1001 1005 1009
					REST | tags: {team: [checkout, platform], environment: staging}                | 1007
					NRQL | tags: {team: [checkout, platform], environment: staging}                | 1007
					REST | names: ["Storefront*", "*Site"]                                         | 1003 1004 1013
					NRQL | names: ["Storefront*", "*Site"]                                         | 1003 1004 1013
					REST | {tags: {team: storefront}, exclude: {names: ["*Legacy"], ids: [1011]}} | 1004 1008 1013
					NRQL | {tags: {team: storefront}, exclude: {names: ["*Legacy"], ids: [1011]}} | 1004 1008 1013
					REST | {name-contains: o, exclude: {tags: {team: [platform, storefront]}}}     | 1001 1005
					NRQL | {name-contains: o, exclude: {tags: {team: [platform, storefront]}}}     | 1001 1005
					REST | {tags: {environment: production}, exclude: {tags: {team: [checkout, storefront]}}} | 1002 1006 1007 1010 1012
					NRQL | {tags: {environment: production}, exclude: {tags: {team: [checkout, storefront]}}} | 1002 1006 1007 1010 1012
					REST | {ids: [1001, 1002, 1003], name-contains: Checkout, exclude: {ids: [1002]}} | 1001
					NRQL | {ids: [1001, 1002, 1003], name-contains: Checkout, exclude: {ids: [1002]}} | 1001
					""")
	void eachKindOfSelectionReadsExactlyItsApplications(SourceKind source, String selection, String expected)
			throws IOException {
		// given a definition with that selection
		writeDefinition(selection.startsWith("{") ? selection : "{" + selection + "}", "[csv]");

		// when
		CliRunner.Result result = run(source);

		// then the summary holds exactly the selected applications, and an id the other
		// criteria leave out is not said to be missing from the account
		assertThat(result.exitCode()).as(result.all()).isZero();
		assertThat(result.all()).doesNotContain("Application id");
		assertThat(applicationIds(workDir.resolve(OUT + "summary.csv"))).containsExactlyInAnyOrder(expected.split(" "));
	}

	@ParameterizedTest
	@EnumSource(SourceKind.class)
	void idsTheAccountLacksAreNamedInTheOutputTheWorkbookAndTheEmail(SourceKind source) throws Exception {
		// given a selection of one real id and two that are not in the account
		greenMail.purgeEmailFromAllMailboxes();
		writeDefinition("{ids: [1001, 9998, 9999]}", "[xlsx, csv]");

		// when it is delivered
		CliRunner.Result result = run(source, "--deliver", "--recipients=ops@example.com",
				"--spring.mail.host=127.0.0.1", "--spring.mail.port=" + greenMail.getSmtp().getPort());

		// then the report holds the one, and the output, the Overview and the e-mail
		// name the two
		String note = "Application ids 9998, 9999 are not in "
				+ (source == SourceKind.NRQL ? "Demo production (account 1234567)" : "account 1234567");
		assertThat(result.exitCode()).as(result.all()).isZero();
		assertThat(applicationIds(workDir.resolve(OUT + "summary.csv"))).containsExactly("1001");
		assertThat(result.out()).contains(note);
		assertThat(overviewTexts(workDir.resolve(OUT + "team_1234567_2026-11-09_2026-11-16.xlsx")))
			.anySatisfy(text -> assertThat(text).startsWith(note));
		MimeMessage[] messages = greenMail.getReceivedMessages();
		assertThat(messages).hasSize(1);
		assertThat(TestMail.text(messages[0], "text/plain")).contains(note);
	}

	@ParameterizedTest(name = "{0}: {1}")
	@CsvSource(delimiter = '|', textBlock = """
			REST | {tags: {team: nobody}}                    | tags team: nobody
			NRQL | {tags: {team: nobody}}                    | tags team: nobody
			REST | {name-contains: no-such-application}      | name-contains "no-such-application"
			NRQL | {name-contains: no-such-application}      | name-contains "no-such-application"
			""")
	void aSelectionThatMatchesNothingFailsWithOneLineNamingItAndWritesNothing(SourceKind source, String selection,
			String described) throws IOException {
		// given a selection nothing in the account answers
		writeDefinition(selection, "[xlsx, csv]");

		// when
		CliRunner.Result result = run(source);

		// then one line names the report and its selection, and nothing was written
		assertThat(result.exitCode()).as(result.all()).isEqualTo(1);
		assertThat(result.err().lines().filter(line -> !line.isBlank())).as(result.all())
			.singleElement()
			.asString()
			.contains("report team selects no application")
			.contains(described);
		assertThat(result.all()).doesNotContain("\tat ").doesNotContain("Exception");
		assertThat(workDir.resolve("out/team")).doesNotExist();
	}

	@ParameterizedTest(name = "{0}")
	@CsvSource({ "team, selecting applications by tags", "monthly-usage, grouping applications by tag" })
	void tagsWithAKeyNerdGraphRefusesFailWithOneLineSayingWhatTagsNeed(String report, String purpose)
			throws IOException {
		// given a REST key of the staging account, which its REST face takes and
		// NerdGraph refuses, and a report that selects by tag, or the shipped usage
		// report
		// grouped by team
		writeDefinition("{tags: {team: checkout}}", "[csv]");
		String definitions = report.equals("team") ? workDir.resolve("reports").toString() : "reports";
		Path keyFile = Files.writeString(workDir.resolve("rest.key"), "staging-rest-key");
		try (SandboxServer twoAccounts = SandboxServer
			.start(SandboxOptions.demoWithStaging("user-key", "staging-rest-key"))) {

			// when the report runs through REST
			CliRunner.Result result = CliRunner.run("run", report, "--from=2026-11-09T00:00:00Z",
					"--to=2026-11-16T00:00:00Z", "--report.definitions=" + definitions, "--apm.api-key-file=" + keyFile,
					"--apm.account-id=" + SandboxOptions.DEMO_STAGING_ACCOUNT_ID,
					"--apm.base-url=" + twoAccounts.baseUrl(), "--apm.nrql.graphql-url=" + twoAccounts.graphqlUrl(),
					"--apm.rate-limit=0", "--apm.data-dir=" + workDir.resolve("data"),
					"--output-dir=" + workDir.resolve("out"));

			// then one line says that tags need a key NerdGraph takes, and nothing was
			// written
			assertThat(result.exitCode()).as(result.all()).isEqualTo(1);
			assertThat(result.err().lines().filter(line -> !line.isBlank())).as(result.all())
				.singleElement()
				.asString()
				.contains(purpose + " asks NerdGraph's entity search, which refused")
				.contains("tags need a user key")
				.doesNotContain("staging-rest-key");
			assertThat(workDir.resolve("out/" + report)).doesNotExist();
		}
	}

	private void writeDefinition(String applications, String formats) throws IOException {
		Path definitions = Files.createDirectories(workDir.resolve("reports"));
		Files.writeString(definitions.resolve("team.yml"), """
				title: Team report
				applications: %s
				range: last-week
				time-zone: UTC
				formats: %s
				""".formatted(applications, formats));
	}

	private CliRunner.Result run(SourceKind source, String... more) throws IOException {
		Path keyFile = Files.writeString(workDir.resolve("api.key"), KEY);
		List<String> args = new ArrayList<>(
				List.of("run", "team", "--from=2026-11-09T00:00:00Z", "--to=2026-11-16T00:00:00Z",
						"--report.definitions=" + workDir.resolve("reports"), "--apm.api-key-file=" + keyFile,
						"--apm.account-id=" + SandboxOptions.DEMO_ACCOUNT_ID, "--apm.rate-limit=0",
						"--apm.data-dir=" + workDir.resolve("data"), "--output-dir=" + workDir.resolve("out"),
						// tags come from NerdGraph for REST as well
						"--apm.nrql.graphql-url=" + sandbox.graphqlUrl()));
		args.add(source == SourceKind.NRQL ? "--apm.source=nrql" : "--apm.base-url=" + sandbox.baseUrl());
		args.addAll(List.of(more));
		return CliRunner.run(args.toArray(String[]::new));
	}

	private static List<String> applicationIds(Path summary) throws IOException {
		try (Stream<String> lines = Files.lines(summary)) {
			return lines.skip(1).map(line -> line.substring(0, line.indexOf(','))).toList();
		}
	}

	private static List<String> overviewTexts(Path workbook) throws IOException {
		List<String> texts = new ArrayList<>();
		DataFormatter formatter = new DataFormatter();
		try (XSSFWorkbook book = new XSSFWorkbook(workbook.toFile())) {
			for (Row row : book.getSheet("Overview")) {
				row.forEach(cell -> texts.add(formatter.formatCellValue(cell)));
			}
		}
		catch (InvalidFormatException ex) {
			throw new IOException(ex);
		}
		return texts;
	}

}
