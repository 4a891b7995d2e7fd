package io.apmreports.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import com.icegreen.greenmail.junit5.GreenMailExtension;
import jakarta.mail.BodyPart;
import jakarta.mail.Multipart;
import jakarta.mail.internet.MimeMessage;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import io.apmreports.ApmReportsApplication;
import io.apmreports.run.ReportOutcome;
import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.testing.TestMail;
import io.apmreports.testing.TestSandbox;

/**
 * A schedule that fans the weekly report out over the values of the {@code team} tag:
 * each team gets one e-mail with only its applications, through its own run.
 */
@SpringBootTest(classes = { ApmReportsApplication.class, MutableClockConfiguration.class })
class TeamFanOutIntegrationTests {

	private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");

	@RegisterExtension
	static final GreenMailExtension greenMail = TestMail.server();

	@RegisterExtension
	static final TestSandbox sandbox = TestSandbox.of(SandboxOptions.demo("fan-out-key"));

	@TempDir
	static Path workDir;

	@Autowired
	Scheduler scheduler;

	@Autowired
	MutableClock clock;

	@BeforeAll
	static void schedules() throws IOException {
		Path schedules = Files.createDirectories(workDir.resolve("schedules"));
		Files.copy(Path.of("app/src/test/resources/team-schedules/weekly-teams.yml"),
				schedules.resolve("weekly-teams.yml"));
	}

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) throws IOException {
		sandbox.register(registry, workDir);
		registry.add("apm.nrql.graphql-url", () -> sandbox.baseUrl() + "/graphql");
		registry.add("report.definitions", () -> "app/src/test/resources/summary-reports");
		registry.add("report.output-dir", () -> workDir.resolve("output").toString());
		registry.add("schedule.definitions", () -> workDir.resolve("schedules").toString());
		registry.add("schedule.catch-up", () -> "12h");
		TestMail.register(registry, () -> greenMail.getSmtp().getPort());
	}

	@Test
	void eachTeamGetsOneEmailWithOnlyItsApplications() throws Exception {
		// given the node comes up after Monday's fire
		clock.set(ZonedDateTime.of(2026, 11, 16, 8, 30, 0, 0, BERLIN));

		// when it catches up, and again a minute later
		List<Fired> fired = scheduler.catchUp();
		clock.set(ZonedDateTime.of(2026, 11, 16, 8, 31, 0, 0, BERLIN));
		List<Fired> again = scheduler.catchUp();

		// then each team was a run of its own, once
		assertThat(fired).extracting(Fired::schedule)
			.containsExactly("weekly-teams/checkout", "weekly-teams/storefront", "weekly-teams/platform");
		assertThat(fired).allSatisfy(run -> assertThat(run.outcome().result()).as(run.outcome().message())
			.isEqualTo(ReportOutcome.Result.COMPLETED));
		assertThat(again)
			.allSatisfy(run -> assertThat(run.outcome().result()).isEqualTo(ReportOutcome.Result.ALREADY_COMPLETED));

		// and each recipient got one e-mail, titled for its team, whose summary holds
		// exactly the team's applications
		Map<String, List<String>> byRecipient = new TreeMap<>();
		for (MimeMessage message : greenMail.getReceivedMessages()) {
			String to = TestMail.recipients(new MimeMessage[] { message }).get(0);
			assertThat(byRecipient).doesNotContainKey(to);
			byRecipient.put(to,
					List.of(message.getSubject(), summaryIds(message), TestMail.text(message, "text/plain")));
		}
		assertThat(byRecipient).containsOnlyKeys("checkout@example.com", "web@example.com", "platform@example.com",
				"sre@example.com");
		assertThat(byRecipient.get("checkout@example.com").get(0)).startsWith("Weekly performance \u2013 checkout: ");
		assertThat(byRecipient.get("checkout@example.com").get(1)).isEqualTo("1001 1005 1009");
		assertThat(byRecipient.get("checkout@example.com").get(2)).contains("Team checkout")
			.doesNotContain("The account");
		assertThat(byRecipient.get("web@example.com").get(1)).isEqualTo("1003 1004 1008 1011 1013");
		assertThat(byRecipient.get("platform@example.com").get(1)).isEqualTo("1002 1006 1007 1010 1012");
		assertThat(workDir.resolve("output/weekly-performance/1234567/checkout/2026-11-09_2026-11-16/"
				+ "weekly-performance_checkout_1234567_2026-11-09_2026-11-16.xlsx"))
			.isRegularFile();
	}

	/**
	 * The application ids of the summary.csv a message carries, sorted, space-separated.
	 */
	private static String summaryIds(MimeMessage message) throws Exception {
		Multipart parts = (Multipart) message.getContent();
		for (int i = 0; i < parts.getCount(); i++) {
			BodyPart part = parts.getBodyPart(i);
			if ("summary.csv".equals(part.getFileName())) {
				ByteArrayOutputStream bytes = new ByteArrayOutputStream();
				part.getDataHandler().writeTo(bytes);
				List<String> ids = new ArrayList<>();
				bytes.toString(StandardCharsets.UTF_8)
					.lines()
					.skip(1)
					.forEach(line -> ids.add(line.substring(0, line.indexOf(','))));
				return String.join(" ", ids.stream().sorted().toList());
			}
		}
		throw new AssertionError("no summary.csv in " + message.getSubject());
	}

}
