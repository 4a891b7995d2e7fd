package io.apmreports.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;

import jakarta.mail.MessagingException;
import jakarta.mail.Session;
import jakarta.mail.internet.MimeMessage;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import io.apmreports.ApmReportsApplication;
import io.apmreports.run.ReportOutcome;

/**
 * The scheduler in demo mode without an SMTP server: a caught-up fire runs against the
 * demo account and its e-mail goes to the outbox as an {@code .eml} file.
 */
@SpringBootTest(classes = { ApmReportsApplication.class, MutableClockConfiguration.class })
class DemoSchedulerIntegrationTests {

	private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");

	@TempDir
	static Path workDir;

	@Autowired
	Scheduler scheduler;

	@Autowired
	MutableClock clock;

	@BeforeAll
	static void start() throws IOException {
		TestSchedules.withWeeklyOps(workDir);
	}

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		registry.add("apm.demo", () -> "true");
		registry.add("apm.data-dir", () -> workDir.resolve("data").toString());
		registry.add("report.output-dir", () -> workDir.resolve("output").toString());
		registry.add("schedule.definitions", () -> workDir.resolve("schedules").toString());
	}

	@Test
	void aDemoFireIsWrittenToTheOutboxWithoutAnSmtpServer() throws Exception {
		// given the node comes up on Monday 16 November after the 06:00 fire of
		// weekly-ops
		clock.set(ZonedDateTime.of(2026, 11, 16, 8, 30, 0, 0, BERLIN));

		// when
		List<Fired> fired = scheduler.catchUp();

		// then the run completed, and its e-mail to the schedule's recipient is in the
		// outbox
		assertThat(fired).singleElement()
			.satisfies(run -> assertThat(run.outcome().result()).isEqualTo(ReportOutcome.Result.COMPLETED));
		Path outbox = workDir.resolve("output/demo/outbox");
		List<Path> files;
		try (Stream<Path> listed = Files.list(outbox)) {
			files = listed.toList();
		}
		assertThat(files).singleElement().satisfies(file -> {
			MimeMessage message = read(file);
			// the demo's own name of its account, as scheduler --demo names it
			assertThat(message.getSubject()).isEqualTo(
					"Weekly performance: Mon 9 Nov to Sun 15 Nov 2026, Europe/Berlin, Demo production (account 1234567)");
			assertThat(message.getAllRecipients()).extracting(Object::toString).containsExactly("ops@example.com");
			assertThat(message.getMessageID()).matches("<[0-9a-f]{32}\\.weekly-performance@localhost>");
		});
	}

	static MimeMessage read(Path file) throws IOException, MessagingException {
		try (InputStream in = Files.newInputStream(file)) {
			return new MimeMessage(Session.getInstance(new Properties()), in);
		}
	}

}
