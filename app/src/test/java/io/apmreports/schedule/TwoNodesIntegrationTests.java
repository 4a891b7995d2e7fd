package io.apmreports.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;

import com.icegreen.greenmail.junit5.GreenMailExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Primary;
import org.springframework.jdbc.core.JdbcTemplate;

import io.apmreports.ApmReportsApplication;
import io.apmreports.definition.ScheduleDefinitions;
import io.apmreports.run.ReportOutcome;
import io.apmreports.sandbox.Faults;
import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.testing.AtTheSameMoment;
import io.apmreports.testing.FlakyRelay;
import io.apmreports.testing.TestMail;
import io.apmreports.testing.TestPostgres;
import io.apmreports.testing.TestSandbox;

/**
 * Two scheduler nodes over one PostgreSQL job repository (a real server) and the same
 * schedules, firing at the same moment: each report and range runs once and is e-mailed
 * once, for a fresh start and for a restart of a failed run alike. Each node is a Spring
 * context of its own, as a second process would have.
 */
class TwoNodesIntegrationTests {

	private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");

	/**
	 * Monday 16 November 2026, 08:30 in Berlin: the 06:00 fire of weekly-ops is due for
	 * catching up.
	 */
	private static final Instant MONDAY_MORNING = ZonedDateTime.of(2026, 11, 16, 8, 30, 0, 0, BERLIN).toInstant();

	@RegisterExtension
	static final GreenMailExtension greenMail = TestMail.server();

	@TempDir
	static Path workDir;

	// a little latency, so that the first node is surely still running when the second
	// one tries
	@RegisterExtension
	static final TestSandbox sandbox = TestSandbox
		.paced(SandboxOptions.demo("two-nodes-key").withFaults(Faults.none().withLatency(Duration.ofMillis(20))));

	static FlakyRelay relay;

	TestPostgres.Database database;

	@BeforeAll
	static void start() throws IOException {
		relay = new FlakyRelay(greenMail.getSmtp().getPort());
		TestSchedules.withWeeklyOps(workDir);
	}

	@AfterAll
	static void stop() throws IOException {
		relay.close();
	}

	@BeforeEach
	void freshDatabase() throws Exception {
		database = TestPostgres.newDatabase();
		greenMail.purgeEmailFromAllMailboxes();
		relay.passAll();
	}

	@Test
	void twoNodesCatchingUpTheSameFireRunItOnceAndSendOneEmail() throws Exception {
		try (ConfigurableApplicationContext first = startNode("first");
				ConfigurableApplicationContext second = startNode("second")) {
			// when both nodes come up at the same moment after the 06:00 fire
			List<List<Fired>> fired = AtTheSameMoment.run(first.getBean(Scheduler.class)::catchUp,
					second.getBean(Scheduler.class)::catchUp);

			// then one ran it and the other found it taken or done, and moved on
			List<ReportOutcome.Result> results = fired.stream()
				.flatMap(List::stream)
				.map(f -> f.outcome().result())
				.toList();
			assertThat(results).hasSize(2).containsOnlyOnce(ReportOutcome.Result.COMPLETED);
			assertThat(results).filteredOn(result -> result != ReportOutcome.Result.COMPLETED)
				.singleElement()
				.isIn(ReportOutcome.Result.BUSY, ReportOutcome.Result.ALREADY_COMPLETED);
			assertThat(jobExecutions()).isEqualTo(1);
			assertThat(TestMail.recipients(greenMail.getReceivedMessages())).containsExactly("ops@example.com");
		}
	}

	@Test
	void twoNodesRestartingTheSameFailedRunRestartItOnceAndSendOneEmail() throws Exception {
		try (ConfigurableApplicationContext first = startNode("first");
				ConfigurableApplicationContext second = startNode("second")) {
			// given the fire's run failed on the first node because the mail server was
			// away
			var schedule = first.getBean(ScheduleDefinitions.class).load("weekly-ops");
			ZonedDateTime fireTime = ZonedDateTime.of(2026, 11, 16, 6, 0, 0, 0, BERLIN);
			relay.passOnly(0);
			Fired failed = first.getBean(Scheduler.class).fire(schedule, fireTime);
			relay.passAll();

			// when both nodes try it again at the same moment (Spring Batch alone would
			// restart it twice)
			List<Fired> retried = AtTheSameMoment.run(() -> first.getBean(Scheduler.class).fire(schedule, fireTime),
					() -> second.getBean(Scheduler.class).fire(schedule, fireTime));

			// then it was restarted once, by one of them, and e-mailed once
			assertThat(failed.outcome().result()).isEqualTo(ReportOutcome.Result.FAILED);
			assertThat(retried).extracting(f -> f.outcome().result()).containsOnlyOnce(ReportOutcome.Result.COMPLETED);
			assertThat(jobExecutions()).isEqualTo(2);
			assertThat(TestMail.recipients(greenMail.getReceivedMessages())).containsExactly("ops@example.com");
		}
	}

	private long jobExecutions() {
		return new JdbcTemplate(database.dataSource()).queryForObject("SELECT COUNT(*) FROM BATCH_JOB_EXECUTION",
				Long.class);
	}

	/**
	 * A scheduler node: a context of its own, on the shared database, sandbox, schedules
	 * and mail server.
	 */
	private ConfigurableApplicationContext startNode(String name) throws IOException {
		List<String> arguments = new ArrayList<>(sandbox.arguments(workDir.resolve(name)));
		arguments.addAll(database.arguments());
		arguments.addAll(List.of("--report.definitions=app/src/test/resources/summary-reports",
				"--report.output-dir=" + workDir.resolve("output"),
				"--schedule.definitions=" + workDir.resolve("schedules"), "--schedule.catch-up=12h",
				"--spring.mail.host=127.0.0.1", "--spring.mail.port=" + relay.port(), "--delivery.attempts=1",
				"--test.clock=" + MONDAY_MORNING));
		return new SpringApplicationBuilder(ApmReportsApplication.class, FixedClock.class).web(WebApplicationType.NONE)
			.logStartupInfo(false)
			.registerShutdownHook(false)
			.run(arguments.toArray(String[]::new));
	}

	/** Both nodes see the same moment, set by the test. */
	@Configuration(proxyBeanMethods = false)
	static class FixedClock {

		@Bean
		@Primary
		Clock fixedClock(@Value("${test.clock}") String instant) {
			return Clock.fixed(Instant.parse(instant), ZoneOffset.UTC);
		}

	}

}
