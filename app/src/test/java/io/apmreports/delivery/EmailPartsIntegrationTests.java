package io.apmreports.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.imageio.ImageIO;

import com.icegreen.greenmail.junit5.GreenMailExtension;
import jakarta.mail.BodyPart;
import jakarta.mail.Multipart;
import jakarta.mail.Part;
import jakarta.mail.internet.MimeBodyPart;
import jakarta.mail.internet.MimeMessage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.batch.core.job.Job;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import io.apmreports.ApmReportsApplication;
import io.apmreports.job.LaunchedDefinition;
import io.apmreports.job.RunDigests;
import io.apmreports.report.Overview;
import io.apmreports.run.ReportLauncher;
import io.apmreports.run.ReportOutcome;
import io.apmreports.run.ReportRequest;
import io.apmreports.run.RequestedRange;
import io.apmreports.run.ReportRuns;
import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.testing.TestMail;
import io.apmreports.testing.TestSandbox;

/**
 * The e-mail of the shipped weekly report as a mail client receives it: every picture its
 * HTML shows is in the message as a PNG, and the plain-text part carries the headline
 * figures.
 */
@SpringBootTest(classes = ApmReportsApplication.class)
class EmailPartsIntegrationTests {

	@RegisterExtension
	static final GreenMailExtension greenMail = TestMail.server();

	@TempDir
	static Path workDir;

	@RegisterExtension
	static final TestSandbox sandbox = TestSandbox.of(SandboxOptions.demo("email-parts-key"));

	@Autowired
	ReportLauncher launcher;

	@Autowired
	JobRepository jobRepository;

	@Autowired
	Job reportJob;

	@Autowired
	RunDigests digests;

	@Autowired
	LaunchedDefinition launchedDefinition;

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) throws IOException {
		sandbox.register(registry, workDir);
		registry.add("report.definitions", () -> "reports");
		TestMail.register(registry, () -> greenMail.getSmtp().getPort());
	}

	@Test
	void everyPictureTheHtmlShowsIsAnInlinePngAndThePlainTextHoldsTheHeadlines() throws Exception {
		// given the shipped weekly report, charts included, delivered to ops
		ReportOutcome outcome = launcher.launch(new ReportRequest("weekly-performance",
				RequestedRange.typed("2026-11-09T00:00:00+01:00", "2026-11-16T00:00:00+01:00"), workDir.resolve("out"),
				false, List.of("ops@example.com")));
		Overview overview = digests
			.of(launchedDefinition.of(ReportRuns.find(jobRepository, reportJob, outcome.executionId())))
			.overview();

		// when the message is received and taken apart
		MimeMessage message = greenMail.getReceivedMessages()[0];
		List<Part> parts = new ArrayList<>();
		collect(message, parts);
		String html = text(parts, "text/html");
		String plain = text(parts, "text/plain");
		Map<String, Part> inline = new HashMap<>();
		for (Part part : parts) {
			if (part instanceof MimeBodyPart body && body.getContentID() != null) {
				inline.put(body.getContentID().replaceAll("[<>]", ""), part);
			}
		}

		// then every cid: is there as a PNG of the size the pictures are drawn at
		assertThat(outcome.result()).isEqualTo(ReportOutcome.Result.COMPLETED);
		Matcher cids = Pattern.compile("src=\"cid:([^\"]+)\"").matcher(html);
		List<String> referenced = new ArrayList<>();
		while (cids.find()) {
			referenced.add(cids.group(1));
		}
		assertThat(referenced).containsExactly("response-time", "throughput", "components", "scores");
		assertThat(inline).containsOnlyKeys(referenced);
		for (String cid : referenced) {
			Part part = inline.get(cid);
			assertThat(part.isMimeType("image/png")).as(cid).isTrue();
			BufferedImage image = ImageIO.read(part.getInputStream());
			assertThat(image).as(cid).isNotNull();
			assertThat(image.getWidth()).as(cid).isEqualTo(1200);
			assertThat(image.getHeight()).as(cid)
				.isEqualTo(cid.equals("response-time") || cid.equals("throughput") ? 600 : 720);
		}
		// and the plain text holds the response time as the overview computed it
		Overview.Headline responseTime = overview.headlines()
			.stream()
			.filter(headline -> headline.name().equals("Response time (ms)"))
			.findFirst()
			.orElseThrow();
		assertThat(responseTime.change().current()).isNotNull();
		assertThat(plain)
			.containsPattern("Response time \\(ms\\) +"
					+ Pattern.quote(String.format(Locale.ENGLISH, "%,.1f", responseTime.change().current())))
			.contains("Calls")
			.contains("Apdex score");
		// and of the files only the definition's default ones are attached
		assertThat(attachmentNames(parts)).containsExactlyInAnyOrder("summary.csv",
				"weekly-performance_1234567_2026-11-09_2026-11-16.xlsx");
	}

	private static void collect(Part part, List<Part> parts) throws Exception {
		parts.add(part);
		if (part.getContent() instanceof Multipart multipart) {
			for (int i = 0; i < multipart.getCount(); i++) {
				BodyPart body = multipart.getBodyPart(i);
				collect(body, parts);
			}
		}
	}

	private static String text(List<Part> parts, String type) throws Exception {
		for (Part part : parts) {
			if (part.isMimeType(type) && !Part.ATTACHMENT.equalsIgnoreCase(part.getDisposition())) {
				return (String) part.getContent();
			}
		}
		throw new AssertionError("no " + type + " part");
	}

	private static List<String> attachmentNames(List<Part> parts) throws Exception {
		List<String> names = new ArrayList<>();
		for (Part part : parts) {
			if (Part.ATTACHMENT.equalsIgnoreCase(part.getDisposition())) {
				names.add(part.getFileName());
			}
		}
		return names;
	}

}
