package io.apmreports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import com.icegreen.greenmail.junit5.GreenMailExtension;
import jakarta.mail.MessagingException;
import jakarta.mail.internet.MimeMessage;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.apmreports.definition.SourceKind;
import io.apmreports.sandbox.SandboxAccount;
import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.sandbox.SandboxServer;
import io.apmreports.sandbox.SyntheticAccount;
import io.apmreports.testing.TestMail;

/**
 * Two accounts behind one service: the same report and range read from each is two runs,
 * two directories and two e-mails, each naming its account, through both sources. Through
 * REST each account has its own key; through NRQL one user key reads both.
 */
class TwoAccountsIntegrationTests {

	private static final long PRODUCTION = SandboxOptions.DEMO_ACCOUNT_ID;

	private static final long STAGING = SandboxOptions.DEMO_STAGING_ACCOUNT_ID;

	private static final long CLOSED = 3_333_333;

	private static final String RANGE = "2026-11-09_2026-11-16";

	@RegisterExtension
	static final GreenMailExtension greenMail = TestMail.server();

	@TempDir
	Path workDir;

	@BeforeEach
	void emptyMailbox() throws Exception {
		greenMail.purgeEmailFromAllMailboxes();
	}

	@ParameterizedTest
	@EnumSource(SourceKind.class)
	void eachAccountIsARunADirectoryAndAnEmailOfItsOwn(SourceKind source) throws Exception {
		// given one service with two accounts, a user key that reads both through NRQL
		// and a REST key for each
		try (SandboxServer sandbox = SandboxServer
			.start(SandboxOptions.demoWithStaging("user-key", "staging-rest-key"))) {

			// when the weekly report is delivered for the one account, then for the other
			CliRunner.Result production = run(sandbox, source, PRODUCTION, "user-key");
			CliRunner.Result staging = run(sandbox, source, STAGING,
					source == SourceKind.REST ? "staging-rest-key" : "user-key");
			CliRunner.Result runs = CliRunner.run("runs", "--apm.data-dir=" + workDir.resolve("data"));

			// then both ran, neither taken for the other's run
			assertThat(production.exitCode()).as(production.all()).isZero();
			assertThat(staging.exitCode()).as(staging.all()).isZero();
			assertThat(staging.all()).doesNotContain("completed before");
			assertThat(runs.out()).contains(" " + PRODUCTION + " ").contains(" " + STAGING + " ");

			// and each wrote its own directory with only its own applications
			Path out = workDir.resolve("out/weekly-performance");
			assertThat(applicationIds(out.resolve(PRODUCTION + "/" + RANGE + "/summary.csv"))).contains("1001")
				.doesNotContain("2001");
			assertThat(applicationIds(out.resolve(STAGING + "/" + RANGE + "/summary.csv")))
				.containsExactlyInAnyOrder("2001", "2002", "2003");

			// and each e-mail names its account, in the subject and the body
			MimeMessage[] messages = greenMail.getReceivedMessages();
			assertThat(messages).hasSize(2);
			String stagingName = source == SourceKind.NRQL ? "Demo staging (account " : "Staging (account ";
			assertThat(subjects(messages))
				.anySatisfy(subject -> assertThat(subject)
					.endsWith("account " + PRODUCTION + (source == SourceKind.NRQL ? ")" : "")))
				.anySatisfy(subject -> assertThat(subject).endsWith(stagingName + STAGING + ")"));
			assertThat(bodies(messages)).anySatisfy(body -> assertThat(body).contains(stagingName + STAGING + ")"));
			assertThat(messages[0].getMessageID()).isNotEqualTo(messages[1].getMessageID());

			// and through NRQL, which gives each application's page, the Overview's
			// busiest names link to them; REST gives none
			List<String> links = overviewLinks(out
				.resolve(PRODUCTION + "/" + RANGE + "/weekly-performance_" + PRODUCTION + "_" + RANGE + ".xlsx"));
			if (source == SourceKind.NRQL) {
				assertThat(links).isNotEmpty()
					.allSatisfy(link -> assertThat(link).startsWith("https://one.newrelic.com/redirect/entity/"));
			}
			else {
				assertThat(links).isEmpty();
			}
		}
	}

	@Test
	void anAccountTheKeyMayNotReadFailsTheLaunchWithOneLineNamingIt() throws Exception {
		// given a service with an account the user key may not read
		try (SandboxServer sandbox = SandboxServer.start(SandboxOptions.demo("user-key")
			.withMoreAccounts(List.of(new SandboxAccount(CLOSED, "Closed", SyntheticAccount.generated(2, 1),
					"closed-rest-key", false))))) {

			// when the report is launched for it through NRQL
			CliRunner.Result result = run(sandbox, SourceKind.NRQL, CLOSED, "user-key");

			// then one line names the account, and no run was recorded
			assertThat(result.exitCode()).as(result.all()).isNotZero();
			assertThat(result.err().lines().filter(line -> !line.isBlank())).as(result.all())
				.singleElement()
				.asString()
				.contains("account " + CLOSED)
				.contains("may not read the account");
			assertThat(CliRunner.run("runs", "--apm.data-dir=" + workDir.resolve("data")).out())
				.contains("No runs yet");
		}
	}

	private CliRunner.Result run(SandboxServer sandbox, SourceKind source, long account, String key)
			throws IOException {
		Path keyFile = Files.writeString(workDir.resolve(account + ".key"), key);
		List<String> args = new ArrayList<>(List.of("run", "weekly-performance", "--from=2026-11-09T00:00:00+01:00",
				"--to=2026-11-16T00:00:00+01:00", "--deliver", "--recipients=ops@example.com",
				"--apm.account-id=" + account, "--apm.api-key-file=" + keyFile, "--apm.rate-limit=0",
				"--apm.data-dir=" + workDir.resolve("data"), "--output-dir=" + workDir.resolve("out"),
				"--spring.mail.host=127.0.0.1", "--spring.mail.port=" + greenMail.getSmtp().getPort()));
		if (source == SourceKind.NRQL) {
			args.addAll(List.of("--apm.source=nrql", "--apm.nrql.graphql-url=" + sandbox.graphqlUrl()));
		}
		else {
			// REST has no word for accounts: the settings name the staging one
			args.addAll(List.of("--apm.base-url=" + sandbox.baseUrl(), "--apm.account-names." + STAGING + "=Staging"));
		}
		return CliRunner.run(args.toArray(String[]::new));
	}

	private static List<String> applicationIds(Path summary) throws IOException {
		try (Stream<String> lines = Files.lines(summary)) {
			return lines.skip(1).map(line -> line.substring(0, line.indexOf(','))).toList();
		}
	}

	private static List<String> overviewLinks(Path workbook) throws Exception {
		List<String> links = new ArrayList<>();
		try (XSSFWorkbook book = new XSSFWorkbook(workbook.toFile())) {
			book.getSheet("Overview").getHyperlinkList().forEach(link -> links.add(link.getAddress()));
		}
		return links;
	}

	private static List<String> subjects(MimeMessage[] messages) throws MessagingException {
		List<String> subjects = new ArrayList<>();
		for (MimeMessage message : messages) {
			subjects.add(message.getSubject());
		}
		return subjects;
	}

	private static List<String> bodies(MimeMessage[] messages) throws Exception {
		List<String> bodies = new ArrayList<>();
		for (MimeMessage message : messages) {
			bodies.add(TestMail.text(message, "text/plain"));
		}
		return bodies;
	}

}
