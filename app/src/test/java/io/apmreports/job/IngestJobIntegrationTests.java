package io.apmreports.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.test.JobOperatorTestUtils;
import org.springframework.batch.test.context.SpringBatchTest;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import io.apmreports.ApmReportsApplication;
import io.apmreports.definition.SourceKind;
import io.apmreports.range.TimeRange;
import io.apmreports.sandbox.DataOption;
import io.apmreports.sandbox.SandboxBilling;
import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.source.ByteEstimate;
import io.apmreports.source.IngestRule;
import io.apmreports.staging.IngestEstimates;
import io.apmreports.testing.TestSandbox;

/**
 * A daily ingest run over NRQL against the sandbox's organisation: it keeps every day the
 * vendor still keeps whole, up to yesterday, in every account, as the sandbox counts
 * them; a second run finds them kept and measures nothing again.
 */
@SpringBatchTest
@SpringBootTest(classes = ApmReportsApplication.class)
class IngestJobIntegrationTests {

	private static final String KEY = "ingest-test-key";

	/** The default {@code cost.event-retention-days}: 7 whole days and today's part. */
	private static final int WHOLE_DAYS = 7;

	@TempDir
	static Path workDir;

	@RegisterExtension
	static final TestSandbox sandbox = TestSandbox
		.of(SandboxOptions.demoOrganisation(KEY, "ingest-staging-key", "ingest-data-key")
			// the original data option, whose 8 days report.event-retention-days says by
			// default
			.withDataOption(DataOption.ORIGINAL));

	@Autowired
	JobOperatorTestUtils jobOperatorTestUtils;

	@Autowired
	IngestEstimates estimates;

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) throws IOException {
		sandbox.register(registry, workDir);
		Path definitions = Files.createDirectories(workDir.resolve("definitions"));
		Files.writeString(definitions.resolve("daily-ingest.yml"), """
				title: Daily ingest
				range: last-day
				time-zone: UTC
				formats: [csv]
				sections: [ingest]
				source: nrql
				""");
		registry.add("report.definitions", definitions::toString);
	}

	@Test
	void everyDayStillKeptIsMeasuredInEveryAccountOnceAndAsTheSandboxCountsIt() throws Exception {
		// given the days the vendor still keeps whole
		LocalDate today = LocalDate.now(ZoneOffset.UTC);
		LocalDate yesterday = today.minusDays(1);
		LocalDate first = today.minusDays(WHOLE_DAYS);
		SandboxBilling billing = sandbox.billing();

		// when the daily report runs
		long requests = measuringRequests(yesterday);

		// then every account keeps each of those days, and no older one
		for (long account : billing.accountIds()) {
			assertThat(estimates.keptDays(account, first.minusDays(30), today)).as("days kept of %s", account)
				.containsExactlyElementsOf(first.datesUntil(today).toList());
		}
		// as the sandbox counts them: yesterday's per application and whole
		for (long account : billing.accountIds()) {
			List<ByteEstimate> kept = estimates.sums(account, yesterday, yesterday);
			for (IngestRule rule : IngestRule.DEFAULTS) {
				for (String application : billing.applications(account, rule.usageMetric())) {
					assertThat(bytes(kept, rule.usageMetric(), application)).as("%s of %s", application, account)
						.isCloseTo(billing.estimatedBytes(account, rule.usageMetric(), application, yesterday),
								within(1e-3));
				}
				assertThat(bytes(kept, rule.usageMetric(), null))
					.isCloseTo(billing.wholeEstimate(account, rule.usageMetric(), yesterday), within(1e-3));
			}
		}
		// one query per rule, with a facet and without, per account-day, and the bill of
		// each month the days touch for the accounts
		long months = Stream.of(YearMonth.from(first), YearMonth.from(yesterday)).distinct().count();
		long accountDays = (long) billing.accountIds().size() * WHOLE_DAYS;
		assertThat(requests).isEqualTo(months + accountDays * 2 * IngestRule.DEFAULTS.size());

		// and ingest.csv lists the day's kept estimates of every account
		Path csv = workDir.resolve("output/daily-ingest/1234567/" + yesterday + "_" + today + "/ingest.csv");
		long keptOfTheDay = billing.accountIds()
			.stream()
			.mapToLong(account -> estimates.sums(account, yesterday, yesterday).size())
			.sum();
		assertThat(Files.readAllLines(csv)).hasSize(1 + (int) keptOfTheDay)
			.first()
			.isEqualTo("day,account_id,usage_metric,application,whole,bytes,gigabytes");

		// and a second run finds them kept: only the bill is asked again
		assertThat(measuringRequests(yesterday.minusDays(1))).isEqualTo(months);
	}

	/** Runs the report of a day: the requests its measuring step made. */
	private long measuringRequests(LocalDate day) throws Exception {
		TimeRange range = TimeRange.parse(day + "T00:00:00Z", day.plusDays(1) + "T00:00:00Z");
		var execution = jobOperatorTestUtils
			.startJob(new ReportRun("daily-ingest", SourceKind.NRQL.recorded(sandbox.graphqlUrl().toString()),
					TestSandbox.DEMO_ACCOUNT, range, workDir.resolve("output"), null)
				.toJobParameters());
		assertThat(execution.getStatus()).as("%s", execution.getAllFailureExceptions())
			.isEqualTo(BatchStatus.COMPLETED);
		return execution.getStepExecutions()
			.stream()
			.filter(step -> step.getStepName().equals("measureIngest"))
			.findFirst()
			.orElseThrow(() -> new AssertionError(
					"no measuring in " + execution.getStepExecutions() + ": " + execution.getAllFailureExceptions()))
			.getExecutionContext()
			.getLong("requests");
	}

	private static double bytes(List<ByteEstimate> kept, String metric, String application) {
		return kept.stream()
			.filter(estimate -> estimate.usageMetric().equals(metric)
					&& Objects.equals(estimate.application(), application))
			.mapToDouble(ByteEstimate::bytes)
			.sum();
	}

}
