package io.apmreports.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.test.JobOperatorTestUtils;
import org.springframework.batch.test.context.SpringBatchTest;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import io.apmreports.ApmReportsApplication;
import io.apmreports.definition.SourceKind;
import io.apmreports.range.TimeRange;
import io.apmreports.sandbox.BilledUsers;
import io.apmreports.sandbox.DataOption;
import io.apmreports.sandbox.SandboxBilling;
import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.source.BilledMonth;
import io.apmreports.staging.CostAccount;
import io.apmreports.staging.CostMonth;
import io.apmreports.staging.CostRow;
import io.apmreports.staging.CostTables;
import io.apmreports.staging.IngestEstimates;
import io.apmreports.testing.KeptEstimates;
import io.apmreports.testing.TestSandbox;

/**
 * A cost run over NRQL against the sandbox's organisation (production the parent of
 * staging and data), October 2026 measured on 21 of its 31 days: its days are all older
 * than the vendor's retention, so the run can measure none of the ten missing and
 * extrapolates from the kept ones. Every expected figure is computed by hand from the
 * sandbox's own bill and byte counts.
 */
@SpringBatchTest
@SpringBootTest(classes = ApmReportsApplication.class)
class CostJobIntegrationTests {

	private static final String KEY = "cost-test-key";

	private static final YearMonth OCTOBER = YearMonth.of(2026, 10);

	private static final TimeRange MONTH = TimeRange.parse("2026-10-01T00:00:00Z", "2026-11-01T00:00:00Z");

	private static final int MEASURED = 21;

	@TempDir
	static Path workDir;

	@RegisterExtension
	static final TestSandbox sandbox = TestSandbox
		.of(SandboxOptions.demoOrganisation(KEY, "cost-staging-key", "cost-data-key")
			// the original data option, whose 8 days report.event-retention-days says by
			// default
			.withDataOption(DataOption.ORIGINAL));

	@Autowired
	JobOperatorTestUtils jobOperatorTestUtils;

	@Autowired
	IngestEstimates estimates;

	@Autowired
	CostTables tables;

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) throws IOException {
		sandbox.register(registry, workDir);
		Path definitions = Files.createDirectories(workDir.resolve("definitions"));
		Files.writeString(definitions.resolve("monthly-cost.yml"), """
				title: Monthly cost
				range: last-month
				time-zone: UTC
				formats: [csv]
				sections: [cost]
				source: nrql
				""");
		registry.add("report.definitions", definitions::toString);
	}

	@Test
	void aMonthMeasuredInPartExtrapolatesAndEveryAccountsSplitAddsUpToItsOwnBill() throws Exception {
		// given the first 21 days of October kept for every account, as the daily ingest
		// report would have kept them; the last ten never measured
		SandboxBilling billing = sandbox.billing();
		keepDays(billing, OCTOBER.atDay(1), OCTOBER.atDay(MEASURED));

		// when
		JobExecution execution = jobOperatorTestUtils
			.startJob(new ReportRun("monthly-cost", SourceKind.NRQL.recorded(sandbox.graphqlUrl().toString()),
					TestSandbox.DEMO_ACCOUNT, MONTH, workDir.resolve("output"), null)
				.toJobParameters());

		// then
		// the month is staged (the run's files are the report's, written from these
		// tables), and no application was listed or fetched for a report of the cost
		// alone
		assertThat(execution.getStepExecutions()).filteredOn(step -> step.getStepName().equals("stageCost"))
			.singleElement()
			.satisfies(step -> assertThat(step.getStatus()).as("%s", step.getFailureExceptions())
				.isEqualTo(BatchStatus.COMPLETED));
		assertThat(execution.getStepExecutions())
			.filteredOn(step -> List.of("listApplications", "fetchFigures").contains(step.getStepName()))
			.allSatisfy(step -> assertThat(step.getReadCount()).isZero());
		long instance = execution.getJobInstance().getInstanceId();
		List<CostAccount> accounts = tables.accounts(instance);
		List<CostRow> rows = new ArrayList<>();
		tables.forEachRow(instance, rows::add);
		Instant from = MONTH.from().toInstant();
		Instant to = MONTH.to().toInstant();

		// the parent first; each account's own ingest is what it sent itself: the
		// parent's row less its children's, so no child counts twice
		assertThat(accounts).extracting(CostAccount::accountId)
			.containsExactlyInAnyOrderElementsOf(billing.accountIds())
			.first()
			.isEqualTo(billing.parentId());
		for (CostAccount account : accounts) {
			double own = billing.usageMetrics(account.accountId())
				.stream()
				.mapToDouble(metric -> billing.ownGigabytes(account.accountId(), metric, from, to))
				.sum();
			assertThat(account.billedGigabytes()).as("own GB of %s", account.accountId()).isCloseTo(own, within(1e-9));
			assertThat(account.daysMeasured()).isEqualTo(MEASURED);
			assertThat(account.daysInMonth()).isEqualTo(31);
			assertThat(account.extrapolated()).isTrue();
			// allocated + unallocated is the account's bill
			double lines = rows.stream()
				.filter(row -> row.accountId() == account.accountId())
				.mapToDouble(CostRow::gigabytes)
				.sum();
			assertThat(lines).as("lines of %s", account.accountId()).isCloseTo(account.billedGigabytes(), within(1e-9));
		}
		double parentRows = billing.organisationUsageMetrics()
			.stream()
			.mapToDouble(metric -> billing.reportedGigabytes(billing.parentId(), billing.parentId(), metric, from, to))
			.sum();
		assertThat(accounts.stream().mapToDouble(CostAccount::billedGigabytes).sum()).as("the organisation's own")
			.isCloseTo(parentRows, within(1e-9));

		// the month to date as the sandbox bills it at the month's end
		BilledMonth month = tables.billedMonth(instance);
		assertThat(month.billableGigabytes()).isEqualTo((double) billing.billableGigabytes(OCTOBER, to));
		assertThat(month.freeLimitGigabytes()).isEqualTo((double) SandboxBilling.FREE_GIGABYTES);
		assertThat(month.users()).containsEntry("full-platform",
				(double) BilledUsers.billableUsers("FullPlatformUsers", OCTOBER));
		assertThat(month.computeUnits().get("advanced")).isCloseTo(billing.computeUnits("AdvancedCCU", OCTOBER, to),
				within(1e-9));
		// September, from the usage events' history, kept on no day: wholly unallocated,
		// each account's own
		YearMonth september = OCTOBER.minusMonths(1);
		Instant septemberFrom = september.atDay(1).atStartOfDay(ZoneOffset.UTC).toInstant();
		double septemberOwn = billing.accountIds()
			.stream()
			.flatMap(account -> billing.usageMetrics(account)
				.stream()
				.map(metric -> billing.ownGigabytes(account, metric, septemberFrom, from)))
			.mapToDouble(Double::doubleValue)
			.sum();
		assertThat(tables.months(instance)).filteredOn(row -> row.month().equals(september))
			.allSatisfy(row -> assertThat(row.allocated()).isFalse())
			.extracting(CostMonth::gigabytes)
			.satisfies(gigabytes -> assertThat(gigabytes.stream().mapToDouble(Double::doubleValue).sum())
				.isCloseTo(septemberOwn, within(1e-9)));

		// each application's line is its share of the kept days times its account's
		// metric, and its estimate is made one of the month: x 31/21
		int checked = 0;
		for (CostRow row : rows.stream().filter(row -> !row.unallocated()).toList()) {
			double application = 0;
			double whole = 0;
			for (LocalDate day : OCTOBER.atDay(1).datesUntil(OCTOBER.atDay(MEASURED + 1)).toList()) {
				application += billing.estimatedBytes(row.accountId(), row.usageMetric(), row.application(), day);
				whole += billing.wholeEstimate(row.accountId(), row.usageMetric(), day);
			}
			double billed = billing.ownGigabytes(row.accountId(), row.usageMetric(), from, to);
			assertThat(row.gigabytes()).as("%s", row).isCloseTo(billed * application / whole, within(1e-9));
			assertThat(row.estimatedGigabytes()).as("%s", row)
				.isCloseTo(application / 1e9 * 31 / MEASURED, within(1e-9));
			checked++;
		}
		assertThat(checked).isPositive();
		assertThat(rows.stream().filter(CostRow::unallocated).map(CostRow::usageMetric).collect(Collectors.toSet()))
			.isNotEmpty();
	}

	/** Keeps the sandbox's own estimates of the days, as a daily ingest run would. */
	private void keepDays(SandboxBilling billing, LocalDate first, LocalDate last) {
		KeptEstimates.keep(estimates, billing, first, last, OffsetDateTime.of(2026, 10, 2, 1, 0, 0, 0, ZoneOffset.UTC));
	}

}
