package io.apmreports.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import com.icegreen.greenmail.junit5.GreenMailExtension;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.xssf.usermodel.XSSFDrawing;
import org.apache.poi.xssf.usermodel.XSSFPicture;
import org.apache.poi.xssf.usermodel.XSSFSheet;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import io.apmreports.ApmReportsApplication;
import io.apmreports.history.FigureHistory;
import io.apmreports.history.HistoryFigures;
import io.apmreports.history.HistoryKey;
import io.apmreports.history.HistoryOrigin;
import io.apmreports.history.HistoryRow;
import io.apmreports.history.HistoryScope;
import io.apmreports.job.ReportRun;
import io.apmreports.job.RunDigests;
import io.apmreports.range.TimeRange;
import io.apmreports.report.digest.RunDigest;
import io.apmreports.run.ReportLauncher;
import io.apmreports.run.ReportOutcome;
import io.apmreports.run.ReportRequest;
import io.apmreports.run.RequestedRange;
import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.testing.TestMail;
import io.apmreports.testing.TestSandbox;
import io.apmreports.testing.WebhookReceiver;

/**
 * The weekly report on the sandbox with 11 earlier weeks kept in the history: its
 * Overview, e-mail and Slack message show the 12-week course of the headlines, the run's
 * own point its own figures, with the usual median worked out by hand; comparison.csv the
 * application's median.
 */
class CourseIntegrationTests {

	private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");

	private static final TimeRange WEEK = new TimeRange(OffsetDateTime.parse("2026-11-09T00:00:00+01:00"),
			OffsetDateTime.parse("2026-11-16T00:00:00+01:00"));

	/** The 13 weeks up to the run's, oldest first; the oldest is never kept. */
	private static final List<TimeRange> WEEKS = WEEK.lastPeriods(BERLIN, 13);

	/** The application whose median comparison.csv shows. */
	private static final long APPLICATION = 1005;

	@RegisterExtension
	static final GreenMailExtension greenMail = TestMail.server();

	@RegisterExtension
	static final TestSandbox sandbox = TestSandbox.of(SandboxOptions.demo("course-test-key"));

	@TempDir
	Path workDir;

	private WebhookReceiver receiver;

	@BeforeEach
	void startReceiver() throws Exception {
		greenMail.purgeEmailFromAllMailboxes();
		receiver = WebhookReceiver.start();
	}

	@AfterEach
	void stopReceiver() {
		receiver.close();
	}

	@Test
	void theWeeklyReportShowsTheTwelveWeekCourseInItsOverviewEmailAndSlackMessage() throws Exception {
		RunDigest digest;
		try (ConfigurableApplicationContext app = process()) {
			ReportLauncher launcher = app.getBean(ReportLauncher.class);
			// given a run 13 weeks before (outside both windows), which names the key
			// the report's history is kept under
			ReportOutcome earlier = launcher.launch(new ReportRequest("weekly-performance",
					RequestedRange.typed("2026-08-10T00:00:00+02:00", "2026-08-17T00:00:00+02:00"),
					workDir.resolve("out"), false, List.of()));
			ReportRun run = ReportRun
				.of(app.getBean(JobRepository.class).getJobExecution(earlier.executionId()).getJobParameters());
			HistoryKey key = HistoryKey.of(run.report(), run.source(), run.accounts(), run.team());
			// and the 11 weeks before the run's kept: response time 110, 120, ... 210 ms
			List<HistoryRow> rows = new ArrayList<>();
			for (int week = 1; week <= 11; week++) {
				double ms = 100 + 10 * week;
				HistoryFigures figures = HistoryFigures.headline(1000.0 * week, 10.0, ms, 0.9, 0.01);
				rows.add(new HistoryRow(HistoryScope.REPORT, 0, "", "all", WEEKS.get(week), figures, HistoryOrigin.RUN,
						null));
				rows.add(new HistoryRow(HistoryScope.APPLICATION, 1234567, Long.toString(APPLICATION), "app",
						WEEKS.get(week), figures, HistoryOrigin.RUN, null));
			}
			app.getBean(FigureHistory.class).record(key, rows, OffsetDateTime.now());

			// when the week is run and delivered by e-mail and to Slack
			ReportOutcome outcome = launcher.launch(new ReportRequest("weekly-performance",
					RequestedRange.typed(WEEK.from().toString(), WEEK.to().toString()), workDir.resolve("out"), false,
					List.of("ops@example.com", "slack:ops")));
			assertThat(outcome.result()).isEqualTo(ReportOutcome.Result.COMPLETED);
			digest = RunDigests.keptText(app.getBean(JobRepository.class).getJobExecution(outcome.executionId()))
				.orElseThrow();
		}

		// then the Overview's response time has its line beside it, its own figure the
		// run's, and the usual by hand: 11 kept of 12, sorted 110..210, the 6th is 160
		String usual = "usual 160.0 ms (median of 11 weeks kept of the 12 before, 110.0 ms\u2013210.0 ms)";
		double own;
		try (XSSFWorkbook workbook = workbook()) {
			XSSFSheet sheet = workbook.getSheet("Overview");
			Row response = row(sheet, "Response time (ms)");
			own = response.getCell(1).getNumericCellValue();
			assertThat(response.getCell(6).getStringCellValue()).isEqualTo("160.0 ms (110.0 ms\u2013210.0 ms)");
			assertThat(((XSSFDrawing) sheet.getDrawingPatriarch()).getShapes())
				.anyMatch(shape -> ((XSSFPicture) shape).getClientAnchor().getRow1() == response.getRowNum());
		}
		// and the course is the 11 kept weeks then the run's own figure
		List<Double> expected = new ArrayList<>();
		for (int week = 1; week <= 11; week++) {
			expected.add(100.0 + 10 * week);
		}
		expected.add(own);
		Overview.Headline headline = digest.overview()
			.headlines()
			.stream()
			.filter(one -> one.name().equals("Response time (ms)"))
			.findFirst()
			.orElseThrow();
		assertThat(headline.course().points()).containsExactlyElementsOf(expected);
		String bars = CourseText.sparkline(new Course("week", expected, headline.course().usual()));
		assertThat(bars).hasSize(12);
		// and the e-mail's both parts and the Slack message show it
		String plain = TestMail.text(greenMail.getReceivedMessages()[0], "text/plain");
		assertThat(plain).contains(bars + " 12 weeks").contains(usual);
		assertThat(TestMail.text(greenMail.getReceivedMessages()[0], "text/html")).contains(usual);
		assertThat(receiver.violations()).isEmpty();
		String slack = receiver.accepted("/slack/ops").get(0).json().path("blocks").toString();
		assertThat(slack).contains(bars + " 12 weeks").contains(usual);
		// and comparison.csv has the application's median of response time beside the
		// previous week's
		String comparison = Files.readString(file("comparison.csv"));
		assertThat(comparison).startsWith("application_id,metric,current,previous,median_12_periods,")
			.containsPattern("(?m)^" + APPLICATION + ",response_time_ms,[^,]*,[^,]*,160,");
	}

	private XSSFWorkbook workbook() throws IOException {
		try (InputStream in = Files.newInputStream(file(".xlsx"))) {
			return new XSSFWorkbook(in);
		}
	}

	/** The run's file whose name ends so, in the run's week's folder. */
	private Path file(String ending) throws IOException {
		try (Stream<Path> files = Files.walk(workDir.resolve("out"))) {
			return files.filter(file -> file.toString().contains("2026-11-09_2026-11-16"))
				.filter(file -> !file.toString().contains(".digest"))
				.filter(file -> file.getFileName().toString().endsWith(ending))
				.findFirst()
				.orElseThrow();
		}
	}

	private static Row row(XSSFSheet sheet, String label) {
		for (Row row : sheet) {
			if (row.getCell(0) != null && label.equals(row.getCell(0).toString())) {
				return row;
			}
		}
		throw new AssertionError("no row " + label);
	}

	private ConfigurableApplicationContext process() throws IOException {
		List<String> arguments = new ArrayList<>(sandbox.arguments(workDir));
		arguments.addAll(List.of("--report.definitions=reports", "--report.output-dir=" + workDir.resolve("out"),
				"--spring.mail.host=127.0.0.1", "--spring.mail.port=" + greenMail.getSmtp().getPort(),
				"--delivery.retry-delay=0s", "--delivery.slack-webhook-files.ops="
						+ Files.writeString(workDir.resolve("slack.url"), receiver.url("slack", "ops"))));
		return new SpringApplicationBuilder(ApmReportsApplication.class).web(WebApplicationType.NONE)
			.logStartupInfo(false)
			.registerShutdownHook(false)
			.run(arguments.toArray(String[]::new));
	}

}
