package io.apmreports.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.List;

import com.icegreen.greenmail.junit5.GreenMailExtension;
import jakarta.mail.internet.MimeMessage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import io.apmreports.ApmReportsApplication;
import io.apmreports.definition.ScheduleDefinition;
import io.apmreports.definition.ScheduleDefinitions;
import io.apmreports.run.ReportOutcome;
import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.testing.TestMail;
import io.apmreports.testing.TestSandbox;
import io.apmreports.testing.WebhookReceiver;

/**
 * A scheduled run whose key the service refuses (401): its owners hear of it once, by
 * e-mail and in Slack, with the reason and the command that retries it; it is not tried
 * again on a timer, and firing it again tells nobody twice.
 */
@SpringBootTest(classes = { ApmReportsApplication.class, MutableClockConfiguration.class })
class FailureNoticeIntegrationTests {

	private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");

	private static final ZonedDateTime MONDAY_SIX = ZonedDateTime.of(2026, 11, 16, 6, 0, 0, 0, BERLIN);

	@RegisterExtension
	static final GreenMailExtension greenMail = TestMail.server();

	@RegisterExtension
	static final TestSandbox sandbox = TestSandbox.of(SandboxOptions.demo("notice-test-key"));

	@TempDir
	static Path workDir;

	static WebhookReceiver receiver;

	@Autowired
	Scheduler scheduler;

	@Autowired
	ScheduleDefinitions schedules;

	@Autowired
	MutableClock clock;

	@BeforeAll
	static void schedules() throws IOException {
		Path directory = Files.createDirectories(workDir.resolve("schedules"));
		Files.writeString(directory.resolve("weekly-ops.yml"), """
				name: weekly-ops
				cron: 0 0 6 * * MON
				zone: Europe/Berlin
				report: weekly-performance
				recipients: [ops@example.com]
				on-failure: ["On Call <oncall@example.com>", slack:ops]
				enabled: false
				""");
	}

	@AfterAll
	static void stop() {
		receiver.close();
	}

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) throws IOException {
		receiver = WebhookReceiver.start();
		sandbox.register(registry, workDir);
		// a key the service refuses: 401
		Files.writeString(workDir.resolve("key"), "refused-key");
		Path slack = Files.writeString(workDir.resolve("slack.url"), receiver.url("slack", "ops"));
		registry.add("delivery.slack-webhook-files.ops", slack::toString);
		registry.add("report.definitions", () -> "app/src/test/resources/summary-reports");
		registry.add("report.output-dir", () -> workDir.resolve("output").toString());
		registry.add("schedule.definitions", () -> workDir.resolve("schedules").toString());
		registry.add("delivery.retry-delay", () -> "0s");
		TestMail.register(registry, () -> greenMail.getSmtp().getPort());
	}

	@Test
	void aRefusedKeyIsToldOnceToItsOwnersAndNotTriedAgain() throws Exception {
		// given
		clock.set(MONDAY_SIX.plusMinutes(1));
		ScheduleDefinition weeklyOps = schedules.load("weekly-ops");

		// when the schedule fires, and the same fire is launched again
		Fired fired = scheduler.fire(weeklyOps, MONDAY_SIX);
		Fired again = scheduler.fire(weeklyOps, MONDAY_SIX);

		// then the run failed for good and is not queued again
		assertThat(fired.outcome().result()).isEqualTo(ReportOutcome.Result.FAILED);
		assertThat(fired.outcome().lasting()).isTrue();
		assertThat(fired.outcome().message()).contains("401");
		assertThat(scheduler.retryAt(fired)).isEmpty();
		assertThat(again.outcome().result()).isEqualTo(ReportOutcome.Result.FAILED);

		// and on call heard of it once by e-mail, ops had nothing
		MimeMessage[] messages = greenMail.getReceivedMessages();
		assertThat(TestMail.recipients(messages)).containsExactly("On Call <oncall@example.com>");
		assertThat(messages[0].getSubject())
			.isEqualTo("apm-reports: weekly-ops failed for Mon 9 Nov to Sun 15 Nov 2026, Europe/Berlin");
		String body = TestMail.text(messages[0], "text/plain");
		assertThat(body).contains("Run " + fired.outcome().executionId() + " of report weekly-performance")
			.contains("401")
			.contains("It is not tried again: trying again cannot mend this.")
			.contains("java -jar apm-reports.jar restart " + fired.outcome().executionId())
			.doesNotContain("Exception");

		// and once in Slack, as Slack takes a message
		assertThat(receiver.violations()).isEmpty();
		List<WebhookReceiver.Post> slack = receiver.accepted("/slack/ops");
		assertThat(slack).hasSize(1);
		assertThat(slack.get(0).json().path("text").asString()).startsWith("apm-reports: weekly-ops failed");
		assertThat(slack.get(0).json().path("blocks").toString()).contains("401");
	}

	@Test
	void aFailureTryingAgainMayMendIsTriedAgainWhileItsFireIsInTheWindow() {
		// given a run that failed for want of an answer
		clock.set(MONDAY_SIX.plusMinutes(1));
		Fired failed = new Fired("weekly-ops", MONDAY_SIX, new ReportOutcome(ReportOutcome.Result.FAILED, 7L, null,
				List.of(), "no answer (timed out)", null, List.of(), false));

		// then it is tried again after schedule.retry-after (15 minutes; the test's
		// clock moves on)
		assertThat(scheduler.retryAt(failed)).hasValueSatisfying(retryAt -> assertThat(retryAt)
			.isBetween(MONDAY_SIX.plusMinutes(16), MONDAY_SIX.plusMinutes(16).plusSeconds(30)));
	}

}
