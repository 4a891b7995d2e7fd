package io.apmreports.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import com.icegreen.greenmail.junit5.GreenMailExtension;
import jakarta.mail.Multipart;
import jakarta.mail.Part;
import jakarta.mail.Session;
import jakarta.mail.internet.MimeMessage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.mail.javamail.JavaMailSender;
import org.springframework.mail.javamail.JavaMailSenderImpl;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import io.apmreports.ApmReportsApplication;
import io.apmreports.report.digest.RunDigest;
import io.apmreports.run.ReportLauncher;
import io.apmreports.run.ReportOutcome;
import io.apmreports.run.ReportPreview;
import io.apmreports.run.ReportRequest;
import io.apmreports.run.RequestedRange;
import io.apmreports.run.ReportRuns;
import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.testing.FlakyRelay;
import io.apmreports.testing.OverviewFixtures;
import io.apmreports.testing.TestMail;
import io.apmreports.testing.TestSandbox;

/**
 * Delivery through a real SMTP server (GreenMail): one message per recipient with the
 * files attached byte for byte, and a restart after a failure in the middle of a delivery
 * that sends nothing twice.
 */
@SpringBootTest(classes = ApmReportsApplication.class)
class DeliveryIntegrationTests {

	private static final String FROM = "2026-11-09T00:00:00+01:00";

	private static final String TO = "2026-11-16T00:00:00+01:00";

	@RegisterExtension
	static final GreenMailExtension greenMail = TestMail.server();

	@TempDir
	static Path workDir;

	@RegisterExtension
	static final TestSandbox sandbox = TestSandbox.of(SandboxOptions.demo("delivery-test-key"));

	static FlakyRelay relay;

	@Autowired
	ReportLauncher launcher;

	@Autowired
	ReportMailer mailer;

	@Autowired
	JavaMailSender mailSender;

	@Autowired
	ReportPreview preview;

	@Autowired
	ReportRuns runs;

	@BeforeAll
	static void start() throws IOException {
		relay = new FlakyRelay(greenMail.getSmtp().getPort());
	}

	@AfterAll
	static void stop() throws IOException {
		relay.close();
	}

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) throws IOException {
		sandbox.register(registry, workDir);
		registry.add("report.definitions", () -> "app/src/test/resources/summary-reports");
		TestMail.register(registry, relay::port);
		registry.add("delivery.from", () -> "reports@apm.example.com");
		registry.add("delivery.attempts", () -> "2");
		registry.add("delivery.retry-delay", () -> "10ms");
	}

	@BeforeEach
	void clearMailboxes() throws Exception {
		greenMail.purgeEmailFromAllMailboxes();
		relay.passAll();
	}

	@Test
	void eachRecipientGetsOneMessageWithTheFilesByteForByteAndASecondLaunchSendsNothing() throws Exception {
		// given
		Path output = workDir.resolve("sent");
		ReportRequest request = new ReportRequest("weekly-performance", RequestedRange.typed(FROM, TO), output, false,
				List.of("ops@example.com", "Finance@Example.com"));

		// when
		ReportOutcome outcome = launcher.launch(request);
		ReportOutcome again = launcher.launch(request);

		// then
		assertThat(outcome.result()).isEqualTo(ReportOutcome.Result.COMPLETED);
		assertThat(outcome.sentTo()).containsExactly("finance@example.com", "ops@example.com");
		assertThat(again.result()).isEqualTo(ReportOutcome.Result.ALREADY_COMPLETED);
		assertThat(again.message()).contains("sent to finance@example.com, ops@example.com");
		MimeMessage[] received = greenMail.getReceivedMessages();
		assertThat(received).hasSize(2);
		assertThat(TestMail.recipients(received)).containsExactlyInAnyOrder("ops@example.com", "finance@example.com");
		for (MimeMessage message : received) {
			assertThat(message.getSubject())
				.isEqualTo("Weekly performance: Mon 9 Nov to Sun 15 Nov 2026, Europe/Berlin, account 1234567");
			assertThat(message.getFrom()[0].toString()).isEqualTo("reports@apm.example.com");
			assertThat(message.getMessageID()).matches("<[0-9a-f]{32}\\.weekly-performance@apm\\.example\\.com>");
			Map<String, byte[]> attachments = attachments(message);
			assertThat(attachments.keySet()).containsExactlyInAnyOrderElementsOf(
					outcome.files().stream().map(file -> file.getFileName().toString()).toList());
			for (Path file : outcome.files()) {
				assertThat(attachments.get(file.getFileName().toString())).as(file.toString())
					.isEqualTo(Files.readAllBytes(file));
			}
			assertThat(TestMail.text(message, "text/plain")).contains("13 applications, 0 failed")
				.contains("The 10 busiest applications");
			assertThat(TestMail.text(message, "text/html")).contains("<table").contains("Response time (ms)");
		}
		assertThat(received[0].getMessageID()).isNotEqualTo(received[1].getMessageID());
	}

	@Test
	void aRestartAfterTheMailServerWentAwayMidDeliverySendsOnlyToTheRest() throws Exception {
		// given the mail server takes the first message, then hangs up on every
		// connection
		Path output = workDir.resolve("flaky");
		ReportRequest request = new ReportRequest("weekly-performance", RequestedRange.typed(FROM, TO), output, false,
				List.of("a@example.com", "b@example.com", "c@example.com"));
		relay.passOnly(1);
		ReportOutcome failed = launcher.launch(request);
		String emailAfterFailure = runs.recent(1).get(0).email();
		long requestsBeforeRestart = sandbox.requests().total();

		// when the mail server is back and the run is restarted
		relay.passAll();
		ReportOutcome restarted = launcher.restart(failed.executionId());

		// then
		assertThat(failed.result()).isEqualTo(ReportOutcome.Result.FAILED);
		assertThat(failed.message()).startsWith("the e-mail to b@example.com could not be sent after 2 attempts")
			.contains("the mail server said")
			.doesNotContain("Exception")
			.contains("the report files stay in")
			.contains("'restart " + failed.executionId() + " --apm.account-id=1234567'");
		assertThat(restarted.result()).isEqualTo(ReportOutcome.Result.COMPLETED);
		assertThat(restarted.sentTo()).containsExactly("a@example.com", "b@example.com", "c@example.com");
		assertThat(emailAfterFailure).isEqualTo("sent 1/3");
		assertThat(runs.recent(1).get(0).email()).isEqualTo("sent 3/3");
		assertThat(TestMail.recipients(greenMail.getReceivedMessages())).containsExactlyInAnyOrder("a@example.com",
				"b@example.com", "c@example.com");
		// the restart neither fetched nor wrote again: only the delivery step ran
		assertThat(sandbox.requests().total()).isEqualTo(requestsBeforeRestart);
		assertThat(restarted.files()).isNotEmpty().allMatch(Files::isRegularFile);
	}

	@Test
	void aPreviewIsTheMessageThatIsSentWithTheSameMessageIdAndAttachments() throws Exception {
		// given a report sent to ops
		Path output = workDir.resolve("preview");
		ReportOutcome sent = launcher.launch(new ReportRequest("weekly-performance", RequestedRange.typed(FROM, TO),
				output, false, List.of("ops@example.com")));
		MimeMessage received = greenMail.getReceivedMessages()[0];

		// when its e-mail is previewed
		Path eml = preview.write(sent.executionId(), "ops@example.com");

		// then
		MimeMessage previewed;
		try (var in = Files.newInputStream(eml)) {
			previewed = new MimeMessage(Session.getInstance(new Properties()), in);
		}
		assertThat(sent.result()).isEqualTo(ReportOutcome.Result.COMPLETED);
		assertThat(previewed.getMessageID()).isEqualTo(received.getMessageID());
		assertThat(previewed.getSubject()).isEqualTo(received.getSubject());
		assertThat(attachments(previewed)).containsOnlyKeys(attachments(received).keySet());
		// a message on the wire has CRLF line ends, a file written by JavaMail has them
		// as they were given
		assertThat(TestMail.text(previewed, "text/plain"))
			.isEqualToNormalizingNewlines(TestMail.text(received, "text/plain"));
	}

	@Test
	void theMessageIdDependsOnTheReportRangeAndRecipientAlone() {
		// given
		RunDigest email = email("weekly-performance|" + FROM + "|" + TO + "|null");

		// when
		String first = mailer.messageId(email, "ops@example.com");
		String sameInOtherCase = mailer.messageId(email, "OPS@example.com");
		String otherRecipient = mailer.messageId(email, "finance@example.com");
		String otherRange = mailer.messageId(email("weekly-performance|" + FROM + "|2026-11-17T00:00:00+01:00|null"),
				"ops@example.com");

		// then
		assertThat(first).isEqualTo(sameInOtherCase).isNotEqualTo(otherRecipient).isNotEqualTo(otherRange);
	}

	private static RunDigest email(String identity) {
		return new RunDigest("weekly-performance", identity, "Weekly performance", "subject", "intro", "range",
				"Demo production (account 1234567)", "last week", OverviewFixtures.weekly(), List.of(), List.of());
	}

	@Test
	void theMailServerCannotHoldARunForEver() {
		// JavaMail's own defaults are infinite
		assertThat(((JavaMailSenderImpl) mailSender).getJavaMailProperties())
			.containsEntry("mail.smtp.connectiontimeout", "10000")
			.containsEntry("mail.smtp.timeout", "30000")
			.containsEntry("mail.smtp.writetimeout", "30000");
	}

	private static Map<String, byte[]> attachments(Part part) throws Exception {
		Map<String, byte[]> attachments = new HashMap<>();
		if (Part.ATTACHMENT.equalsIgnoreCase(part.getDisposition())) {
			attachments.put(part.getFileName(), part.getInputStream().readAllBytes());
		}
		else if (part.getContent() instanceof Multipart multipart) {
			for (int i = 0; i < multipart.getCount(); i++) {
				attachments.putAll(attachments(multipart.getBodyPart(i)));
			}
		}
		return attachments;
	}

}
