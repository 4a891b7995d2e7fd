package io.apmreports.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import io.apmreports.ApmReportsApplication;
import io.apmreports.definition.ReportDefinition;
import io.apmreports.definition.ReportDefinitions;
import io.apmreports.formula.FigureColumn;
import io.apmreports.history.FigureHistory;
import io.apmreports.history.HistoryFigures;
import io.apmreports.history.HistoryKey;
import io.apmreports.history.HistoryOrigin;
import io.apmreports.history.HistoryRow;
import io.apmreports.history.HistoryScope;
import io.apmreports.range.TimeRange;
import io.apmreports.report.Overview;
import io.apmreports.report.ReportContent;
import io.apmreports.report.digest.RunDigest;
import io.apmreports.run.HistoryBackfill;
import io.apmreports.run.ReportLauncher;
import io.apmreports.run.ReportOutcome;
import io.apmreports.run.ReportRequest;
import io.apmreports.run.RequestedRange;
import io.apmreports.sandbox.Faults;
import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.testing.ChildJvm;
import io.apmreports.testing.TestPostgres;
import io.apmreports.testing.TestSandbox;

/**
 * The weekly report run for 13 consecutive weeks on the sandbox, one of them killed
 * mid-way and launched again, and one forced: the history holds one row per application
 * and week, and each week's report row is what its run's Overview told. A backfilled week
 * is what a run of it kept. On PostgreSQL, which the killed run's own process shares.
 */
@SpringBootTest(classes = ApmReportsApplication.class)
@ActiveProfiles("postgres")
class WeeklyHistoryIntegrationTests {

	private static final String KEY = "history-test-key";

	private static final String REPORT = "weekly-performance";

	private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");

	/**
	 * The last of the 13 weeks: long past, and before any week the backfill test reads.
	 */
	private static final TimeRange LAST_WEEK = TimeRange.parse("2026-10-26T00:00:00+01:00",
			"2026-11-02T00:00:00+01:00");

	/** Which of the 13 weeks is killed. */
	private static final int KILLED = 6;

	@TempDir
	static Path workDir;

	private static final TestPostgres.Database database = TestPostgres.newDatabase();

	/** Slow enough answers that a run can be killed while it fetches. */
	@RegisterExtension
	static final TestSandbox sandbox = TestSandbox
		.of(SandboxOptions.demo(KEY).withFaults(Faults.none().withLatency(Duration.ofMillis(40))));

	@Autowired
	ReportLauncher launcher;

	@Autowired
	HistoryBackfill backfill;

	@Autowired
	FigureHistory history;

	@Autowired
	ReportContent content;

	@Autowired
	ReportDefinitions definitions;

	@Autowired
	JobRepository jobRepository;

	@Autowired
	JdbcTemplate jdbc;

	@Autowired
	Clock clock;

	private static Long firstRun;

	private static HistoryKey key;

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) throws IOException {
		sandbox.register(registry, workDir);
		database.register(registry);
		registry.add("report.definitions", () -> "app/src/test/resources/summary-reports");
		// the killed run's process is known to be gone
		registry.add("report.recover-after", () -> "0s");
	}

	@Test
	void thirteenWeeksOneKilledAndOneForcedKeepOneRowPerApplicationAndWeek() throws Exception {
		// given 13 consecutive weeks, the killed one run in a process of its own and
		// killed while it fetches
		List<TimeRange> weeks = LAST_WEEK.lastPeriods(BERLIN, 13);
		Map<TimeRange, Long> runs = new HashMap<>();
		for (int i = 0; i < weeks.size(); i++) {
			TimeRange week = weeks.get(i);
			if (i == KILLED) {
				killWhileFetching(week);
			}
			// when each is launched (the killed one again)
			ReportOutcome outcome = launch(week, false);
			assertThat(outcome.result()).as(outcome.message()).isEqualTo(ReportOutcome.Result.COMPLETED);
			runs.put(week, outcome.executionId());
		}
		// and one week is forced again
		TimeRange forced = weeks.get(9);
		ReportOutcome again = launch(forced, true);
		assertThat(again.result()).as(again.message()).isEqualTo(ReportOutcome.Result.COMPLETED);
		runs.put(forced, again.executionId());

		// then the killed run was continued, not started over: one instance, two
		// executions
		JobExecution relaunched = jobRepository.getJobExecution(runs.get(weeks.get(KILLED)));
		assertThat(jobRepository.getJobExecutions(relaunched.getJobInstance())).hasSize(2);

		// and every application has exactly one row per week, 13 in all
		List<HistoryRow> applications = history.rows(key(), HistoryScope.APPLICATION, weeks);
		Map<String, List<HistoryRow>> byApplication = applications.stream()
			.collect(Collectors.groupingBy(HistoryRow::subject));
		assertThat(byApplication.keySet()).containsExactlyInAnyOrderElementsOf(
				sandbox.account().applications().stream().map(application -> Long.toString(application.id())).toList());
		byApplication.forEach((application, rows) -> assertThat(rows).as(application)
			.extracting(HistoryRow::period)
			.containsExactlyElementsOf(weeks));
		assertThat(
				jdbc.queryForObject("SELECT COUNT(*) FROM APM_FIGURE_HISTORY WHERE SCOPE = 'application'", Long.class))
			.isEqualTo(13L * byApplication.size());

		// and each week's report row is the headline its run's Overview told, kept by
		// the run that wrote it (the forced one for the forced week)
		ReportDefinition definition = definitions.load(REPORT);
		List<HistoryRow> reports = history.rows(key(), HistoryScope.REPORT, weeks);
		assertThat(reports).extracting(HistoryRow::period).containsExactlyElementsOf(weeks);
		for (HistoryRow row : reports) {
			long execution = runs.get(row.period());
			assertThat(row.jobExecutionId()).isEqualTo(execution);
			assertThat(row.origin()).isEqualTo(HistoryOrigin.RUN);
			assertSameFigures(row.figures(), headlines(execution, definition, row.period()));
		}

		// and the last week's Overview draws its 12-week line from these rows: each point
		// is its week's kept headline, the last one the run's own
		RunDigest last = RunDigests.keptText(jobRepository.getJobExecution(runs.get(weeks.get(12)))).orElseThrow();
		List<HistoryRow> twelve = reports.subList(1, 13);
		Map<String, Function<HistoryFigures, Double>> drawn = Map.of("Calls", HistoryFigures::calls,
				FigureColumn.THROUGHPUT_RPM.title(), HistoryFigures::throughputRpm,
				FigureColumn.RESPONSE_TIME_MS.title(), HistoryFigures::responseTimeMs, "Apdex score",
				HistoryFigures::apdexScore, "Error rate", HistoryFigures::errorRate);
		List<Overview.Headline> lines = last.overview()
			.headlines()
			.stream()
			.filter(headline -> drawn.containsKey(headline.name()))
			.toList();
		assertThat(lines).extracting(Overview.Headline::name).contains("Calls", FigureColumn.RESPONSE_TIME_MS.title());
		for (Overview.Headline headline : lines) {
			List<Double> points = headline.course().points();
			assertThat(points).as(headline.name()).hasSize(12);
			for (int i = 0; i < 12; i++) {
				assertClose(points.get(i), drawn.get(headline.name()).apply(twelve.get(i).figures()));
			}
		}
	}

	@Test
	void aBackfilledWeekIsTheWeekARunOfItKept() {
		// given a recent week run and its rows kept, then forgotten
		TimeRange latest = definitions.load(REPORT).rangeFor(null, null, clock);
		TimeRange week = latest.previous(BERLIN);
		ReportOutcome outcome = launch(week, false);
		assertThat(outcome.result()).as(outcome.message()).isEqualTo(ReportOutcome.Result.COMPLETED);
		Map<HistoryScope, List<HistoryRow>> byRun = rowsOf(week);
		List<String> lines = new ArrayList<>();
		HistoryBackfill.Outcome kept = backfill
			.backfill(new ReportRequest(REPORT, RequestedRange.of(latest), null, false), 1, lines::add);
		assertThat(kept.kept()).isEqualTo(1);
		assertThat(lines.get(1)).isEqualTo("  " + week.describe(BERLIN) + ": kept, recorded by run "
				+ outcome.executionId() + " on " + LocalDate.now(clock.withZone(BERLIN)) + "; left as it is");
		jdbc.update("DELETE FROM APM_FIGURE_HISTORY WHERE PERIOD_FROM = ?",
				week.from().toInstant().atOffset(ZoneOffset.UTC));

		// when the week is backfilled
		lines.clear();
		HistoryBackfill.Outcome filled = backfill
			.backfill(new ReportRequest(REPORT, RequestedRange.of(latest), null, false), 1, lines::add);

		// then it was fetched from REST and recorded with the very figures of the run
		assertThat(filled.recorded()).isEqualTo(1);
		assertThat(lines.get(1)).startsWith("  " + week.describe(BERLIN) + ": fetched now from REST v2 (13 "
				+ "applications, as listed now) and recorded");
		Map<HistoryScope, List<HistoryRow>> byBackfill = rowsOf(week);
		for (HistoryScope scope : List.of(HistoryScope.REPORT, HistoryScope.ACCOUNT, HistoryScope.APPLICATION)) {
			List<HistoryRow> ran = byRun.get(scope);
			List<HistoryRow> filledRows = byBackfill.get(scope);
			assertThat(filledRows).extracting(HistoryRow::subject)
				.containsExactlyElementsOf(ran.stream().map(HistoryRow::subject).toList());
			for (int i = 0; i < ran.size(); i++) {
				assertSameFigures(filledRows.get(i).figures(), ran.get(i).figures());
				assertThat(filledRows.get(i).origin()).isEqualTo(HistoryOrigin.REST);
				assertThat(filledRows.get(i).jobExecutionId()).isNull();
			}
		}

		// when it is backfilled again
		lines.clear();
		HistoryBackfill.Outcome second = backfill
			.backfill(new ReportRequest(REPORT, RequestedRange.of(latest), null, false), 1, lines::add);

		// then it is left as it is, said so
		assertThat(second.kept()).isEqualTo(1);
		assertThat(second.recorded()).isZero();
		assertThat(lines.get(1)).contains("kept, fetched from REST v2 by a backfill on ").endsWith("left as it is");
	}

	private ReportOutcome launch(TimeRange week, boolean force) {
		ReportOutcome outcome = launcher
			.launch(new ReportRequest(REPORT, RequestedRange.of(week), workDir.resolve("out"), force));
		if (firstRun == null && outcome.executionId() != null) {
			firstRun = outcome.executionId();
		}
		return outcome;
	}

	/** Runs the week in a process of its own and kills it once it fetches figures. */
	private void killWhileFetching(TimeRange week) throws IOException, InterruptedException {
		List<String> arguments = new ArrayList<>(List.of("run", REPORT, "--from=" + TimeRange.format(week.from()),
				"--to=" + TimeRange.format(week.to()), "--output-dir=" + workDir.resolve("out"),
				"--report.definitions=app/src/test/resources/summary-reports", "--report.chunk-size=2",
				"--report.concurrency=1"));
		arguments.addAll(sandbox.arguments(workDir.resolve("killed")));
		arguments.add("--spring.profiles.active=postgres");
		long before = sandbox.requests().count("metric-data");
		Path log = workDir.resolve("killed.log");
		Process process = ChildJvm.start(arguments, database.variables(), log);
		await().atMost(Duration.ofSeconds(120))
			.pollInterval(Duration.ofMillis(2))
			.until(() -> !process.isAlive() || sandbox.requests().count("metric-data") >= before + 8);
		assertThat(process.isAlive()).as(() -> read(log)).isTrue();
		process.destroyForcibly().waitFor();
		// it kept nothing of the week: it was killed before its figures were all in
		assertThat(history.rows(key(), HistoryScope.REPORT, List.of(week))).isEmpty();
	}

	private Map<HistoryScope, List<HistoryRow>> rowsOf(TimeRange week) {
		Map<HistoryScope, List<HistoryRow>> rows = new HashMap<>();
		for (HistoryScope scope : HistoryScope.values()) {
			rows.put(scope, history.rows(key(), scope, List.of(week)));
		}
		return rows;
	}

	/** The headline figures of the run's Overview, as its readers were told them. */
	private HistoryFigures headlines(long executionId, ReportDefinition definition, TimeRange week) {
		JobExecution execution = jobRepository.getJobExecution(executionId);
		ReportRun run = ReportRun.of(execution.getJobParameters());
		Overview overview = content.overview(execution.getJobInstance().getInstanceId(), definition, week, 0,
				run.accounts());
		Map<String, Double> told = overview.headlines()
			.stream()
			.collect(Collectors.toMap(Overview.Headline::name, headline -> headline.change().current()));
		Function<String, Double> figure = told::get;
		return HistoryFigures.headline(figure.apply("Calls"), figure.apply(FigureColumn.THROUGHPUT_RPM.title()),
				figure.apply(FigureColumn.RESPONSE_TIME_MS.title()), figure.apply("Apdex score"),
				figure.apply("Error rate"));
	}

	/** Whose history the runs keep, as the first run's parameters say. */
	private HistoryKey key() {
		if (key == null) {
			ReportRun run = ReportRun.of(jobRepository.getJobExecution(firstRun).getJobParameters());
			key = HistoryKey.of(run.report(), run.source(), run.accounts(), run.team());
		}
		return key;
	}

	private static void assertSameFigures(HistoryFigures actual, HistoryFigures expected) {
		assertClose(actual.calls(), expected.calls());
		assertClose(actual.throughputRpm(), expected.throughputRpm());
		assertClose(actual.responseTimeMs(), expected.responseTimeMs());
		assertClose(actual.apdexScore(), expected.apdexScore());
		assertClose(actual.errorRate(), expected.errorRate());
		assertThat(actual.webCalls()).isNull();
	}

	/** Equal to 1e-9 of their size: sums in another order may differ in the last bits. */
	private static void assertClose(Double actual, Double expected) {
		if (expected == null) {
			assertThat(actual).isNull();
			return;
		}
		assertThat(actual).isNotNull();
		assertThat(Math.abs(actual - expected)).isLessThanOrEqualTo(1e-9 * Math.max(1, Math.abs(expected)));
	}

	private static String read(Path log) {
		try {
			return Files.readString(log);
		}
		catch (IOException ex) {
			return "(no log: " + ex.getMessage() + ")";
		}
	}

}
