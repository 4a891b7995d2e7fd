package io.apmreports.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.List;

import com.icegreen.greenmail.junit5.GreenMailExtension;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import jakarta.mail.internet.MimeMessage;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import io.apmreports.ApmReportsApplication;
import io.apmreports.definition.ScheduleDefinition;
import io.apmreports.definition.ScheduleDefinitions;
import io.apmreports.range.TimeRange;
import io.apmreports.run.OldRuns;
import io.apmreports.run.ReportLauncher;
import io.apmreports.run.ReportOutcome;
import io.apmreports.sandbox.Faults;
import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.testing.TestMail;
import io.apmreports.testing.TestSandbox;

/**
 * Scheduler mode against the sandbox and a real SMTP server, on a clock the test sets: a
 * fire missed while no node was up is caught up once with the range of its fire time, the
 * second fire of a daylight-saving night is a no-op, and a fire on time runs and is
 * e-mailed.
 */
@SpringBootTest(classes = { ApmReportsApplication.class, MutableClockConfiguration.class })
class SchedulerIntegrationTests {

	private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");

	@RegisterExtension
	static final GreenMailExtension greenMail = TestMail.server();

	@TempDir
	static Path workDir;

	// a little latency, so that a run can be stopped in its middle
	@RegisterExtension
	static final TestSandbox sandbox = TestSandbox
		.paced(SandboxOptions.demo("scheduler-test-key").withFaults(Faults.none().withLatency(Duration.ofMillis(50))));

	@Autowired
	Scheduler scheduler;

	@Autowired
	ScheduleDefinitions schedules;

	@Autowired
	MutableClock clock;

	@Autowired
	ReportLauncher launcher;

	@Autowired
	ScheduleProperties properties;

	@Autowired
	JobRepository jobRepository;

	@Autowired
	FailureNotices notices;

	@Autowired
	OldRuns oldRuns;

	@BeforeAll
	static void start() throws IOException {
		Path schedules = TestSchedules.withWeeklyOps(workDir);
		// fired by hand only: enabled, it would be caught up along with weekly-ops
		Files.writeString(schedules.resolve("nightly.yml"), """
				name: nightly
				cron: 0 30 2 * * *
				zone: Europe/Berlin
				report: weekly-performance
				range: last-day
				recipients: [night@example.com]
				enabled: false
				""");
	}

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) throws IOException {
		sandbox.register(registry, workDir);
		registry.add("report.definitions", () -> "app/src/test/resources/summary-reports");
		registry.add("report.output-dir", () -> workDir.resolve("output").toString());
		registry.add("schedule.definitions", () -> workDir.resolve("schedules").toString());
		registry.add("schedule.catch-up", () -> "12h");
		registry.add("report.chunk-size", () -> "2");
		TestMail.register(registry, () -> greenMail.getSmtp().getPort());
	}

	@BeforeEach
	void clearMailboxes() throws Exception {
		greenMail.purgeEmailFromAllMailboxes();
	}

	@Test
	void aFireMissedInsideTheWindowRunsOnceWithTheRangeOfTheMissedFireTime() throws Exception {
		// given the node comes up at 08:30 on Monday 16 November, after the 06:00 fire
		clock.set(ZonedDateTime.of(2026, 11, 16, 8, 30, 0, 0, BERLIN));

		// when it starts, and when another node (or a restart of this one) starts a
		// minute later
		List<Fired> fired = scheduler.catchUp();
		clock.set(ZonedDateTime.of(2026, 11, 16, 8, 31, 0, 0, BERLIN));
		List<Fired> again = scheduler.catchUp();

		// then the missed fire ran once, over the week before the fire time, and was
		// e-mailed once
		assertThat(fired).singleElement().satisfies(run -> {
			assertThat(run.fireTime()).isEqualTo(ZonedDateTime.of(2026, 11, 16, 6, 0, 0, 0, BERLIN));
			assertThat(run.outcome().result()).isEqualTo(ReportOutcome.Result.COMPLETED);
			assertThat(run.outcome().range()).isEqualTo(week("2026-11-09", "2026-11-16"));
		});
		assertThat(again).singleElement()
			.extracting(run -> run.outcome().result())
			.isEqualTo(ReportOutcome.Result.ALREADY_COMPLETED);
		assertThat(TestMail.recipients(greenMail.getReceivedMessages())).containsExactly("ops@example.com");
	}

	@Test
	void aFireOlderThanTheWindowIsNotCaughtUp() {
		// given the node comes up on Tuesday, 26 hours after Monday's fire, with a
		// 12-hour window
		clock.set(ZonedDateTime.of(2026, 11, 24, 8, 0, 0, 0, BERLIN));

		// when
		List<Fired> fired = scheduler.catchUp();

		// then
		assertThat(fired).isEmpty();
		assertThat(greenMail.getReceivedMessages()).isEmpty();
	}

	@Test
	void theSecondFireOfTheNightTheClocksGoBackIsANoOp() throws Exception {
		// given a 02:30 schedule, which Spring's cron fires twice on 25 October 2026 in
		// Berlin
		ScheduleDefinition nightly = schedules.load("nightly");
		ZonedDateTime first = nightly.cron().next(ZonedDateTime.of(2026, 10, 25, 0, 0, 0, 0, BERLIN));
		ZonedDateTime second = nightly.cron().next(first);
		clock.set(first);

		// when
		Fired firstRun = scheduler.fire(nightly, first);
		Fired secondRun = scheduler.fire(nightly, second);

		// then
		assertThat(second.toLocalDate()).isEqualTo(first.toLocalDate());
		assertThat(second.toInstant()).isEqualTo(first.toInstant().plusSeconds(3600));
		assertThat(firstRun.outcome().result()).isEqualTo(ReportOutcome.Result.COMPLETED);
		assertThat(firstRun.outcome().range())
			.isEqualTo(TimeRange.parse("2026-10-24T00:00:00+02:00", "2026-10-25T00:00:00+02:00"));
		assertThat(secondRun.outcome().result()).isEqualTo(ReportOutcome.Result.ALREADY_COMPLETED);
		assertThat(TestMail.recipients(greenMail.getReceivedMessages())).containsExactly("night@example.com");
	}

	@Test
	void aRunningSchedulerFiresOnTimeAndStopsWhenAsked() throws Exception {
		// given the scheduler starts half a second before Monday 30 November, 06:00
		clock.set(ZonedDateTime.of(2026, 11, 30, 5, 59, 59, 500_000_000, BERLIN));
		Scheduler node = newNode();
		Thread thread = new Thread(node::run, "scheduler-under-test");

		// when
		thread.start();
		boolean delivered = greenMail.waitForIncomingEmail(60_000, 1);
		node.stop();
		thread.join(60_000);

		// then
		assertThat(delivered).isTrue();
		MimeMessage message = greenMail.getReceivedMessages()[0];
		assertThat(message.getSubject())
			.isEqualTo("Weekly performance: Mon 23 Nov to Sun 29 Nov 2026, Europe/Berlin, account 1234567");
		assertThat(thread.isAlive()).isFalse();
	}

	@Test
	void aStopInTheMiddleOfARunLeavesItStoppedAndTheNextStartContinuesIt() throws Exception {
		// given a scheduler that fires at 06:00 on Monday 7 December and is stopped in
		// the middle of the run
		clock.set(ZonedDateTime.of(2026, 12, 7, 5, 59, 59, 500_000_000, BERLIN));
		sandbox.requests().reset();
		Scheduler node = newNode();
		Thread thread = new Thread(node::run, "scheduler-under-test");
		thread.start();
		boolean midRun = sandbox.requests().await("metric-data", 4, Duration.ofSeconds(60));
		node.stop();
		thread.join(60_000);
		long fetchedBeforeStop = sandbox.requests().count("metric-data");

		// when the node comes up again five minutes later
		clock.set(ZonedDateTime.of(2026, 12, 7, 6, 5, 0, 0, BERLIN));
		List<Fired> caughtUp = newNode().catchUp();

		// then the stopped run was continued, not started over, and the report went out
		// once
		assertThat(midRun).isTrue();
		assertThat(thread.isAlive()).isFalse();
		assertThat(caughtUp).singleElement().satisfies(fired -> {
			assertThat(fired.fireTime()).isEqualTo(ZonedDateTime.of(2026, 12, 7, 6, 0, 0, 0, BERLIN));
			assertThat(fired.outcome().result()).isEqualTo(ReportOutcome.Result.COMPLETED);
			JobExecution completed = jobRepository.getJobExecution(fired.outcome().executionId());
			assertThat(jobRepository.getJobExecutions(completed.getJobInstance())).extracting(JobExecution::getStatus)
				.containsExactlyInAnyOrder(BatchStatus.STOPPED, BatchStatus.COMPLETED);
		});
		assertThat(fetchedBeforeStop).isLessThan(13 * 3);
		assertThat(sandbox.requests().count("metric-data")).isLessThan(13 * 3 + fetchedBeforeStop);
		assertThat(TestMail.recipients(greenMail.getReceivedMessages())).containsExactly("ops@example.com");
	}

	/** A scheduler of its own, as a process has one: stopped, it stays stopped. */
	private Scheduler newNode() {
		return new Scheduler(new Schedules(schedules, properties), launcher, properties, clock, notices,
				new SchedulerState(clock, new SimpleMeterRegistry()), oldRuns);
	}

	private static TimeRange week(String from, String to) {
		return new TimeRange(OffsetDateTime.parse(from + "T00:00:00+01:00"),
				OffsetDateTime.parse(to + "T00:00:00+01:00"));
	}

}
