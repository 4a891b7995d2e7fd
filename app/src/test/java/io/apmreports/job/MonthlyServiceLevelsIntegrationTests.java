package io.apmreports.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

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
import io.apmreports.formula.ServiceLevelFormulas;
import io.apmreports.range.TimeRange;
import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.sandbox.SandboxServiceLevels;
import io.apmreports.sandbox.SandboxServiceLevels.Indicator;
import io.apmreports.staging.ServiceLevelMonthRow;
import io.apmreports.staging.ServiceLevelRow;
import io.apmreports.staging.SlaMonthRow;
import io.apmreports.staging.StagedServiceLevels;
import io.apmreports.testing.TestSandbox;

/**
 * The monthly service-level report over NRQL on the sandbox's demo account, for the last
 * whole month: each demo level's month staged as the sandbox's own good and valid events
 * give it by hand (attainment and budget to 1e-9), the months before a level existed
 * marked and without figures, and the twelve months of the run equal to twelve runs of
 * one month each.
 */
@SpringBatchTest
@SpringBootTest(classes = ApmReportsApplication.class)
class MonthlyServiceLevelsIntegrationTests {

	private static final String KEY = "slo-test-key";

	@TempDir
	static Path workDir;

	@RegisterExtension
	static final TestSandbox sandbox = TestSandbox.of(SandboxOptions.demo(KEY));

	@Autowired
	JobOperatorTestUtils jobOperatorTestUtils;

	@Autowired
	StagedServiceLevels tables;

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) throws IOException {
		sandbox.register(registry, workDir);
		Path definitions = Files.createDirectories(workDir.resolve("definitions"));
		Files.writeString(definitions.resolve("monthly-service-levels.yml"), """
				title: Monthly service levels
				range: last-month
				time-zone: UTC
				formats: [csv]
				sections: [service-levels]
				source: nrql
				""");
		registry.add("report.definitions", definitions::toString);
	}

	@Test
	void eachLevelsMonthIsTheSandboxsGoodOfValidMarkedBeforeCreationAndTwelveMonthsAreTwelveRuns() throws Exception {
		// given last month, and the demo account's levels as the sandbox defines them
		YearMonth last = YearMonth.now(ZoneOffset.UTC).minusMonths(1);
		List<Indicator> indicators = SandboxServiceLevels.indicators(TestSandbox.DEMO_ACCOUNT.id());

		// when the report runs for it
		long instance = run(last, null);

		// then every demo level of the account is staged, with its target
		List<ServiceLevelRow> levels = tables.levels(instance);
		assertThat(tables.levelsRead(instance)).isTrue();
		assertThat(levels).extracting(ServiceLevelRow::guid)
			.containsExactlyInAnyOrderElementsOf(indicators.stream().map(Indicator::guid).toList());
		List<ServiceLevelMonthRow> months = tables.months(instance);
		for (Indicator indicator : indicators) {
			List<ServiceLevelMonthRow> own = months.stream()
				.filter(row -> row.guid().equals(indicator.guid()))
				.toList();
			assertThat(own).hasSize(12);
			assertThat(own.get(11).month()).isEqualTo(last);
			for (ServiceLevelMonthRow row : own) {
				checkByHand(indicator, row);
			}
		}
		// a level created within the twelve months has months before it, marked, never 0
		assertThat(months).anySatisfy(row -> {
			assertThat(row.beforeCreation()).isTrue();
			assertThat(row.attainmentPct()).isNull();
		});
		// the applications without levels have their SLA months
		assertThat(tables.sla(instance)).isNotEmpty()
			.extracting(SlaMonthRow::applicationId)
			.doesNotContainAnyElementsOf(indicators.stream().map(Indicator::applicationId).toList());

		// and when each of the twelve months is run alone, its month is the same row
		for (int back = 0; back < 12; back++) {
			YearMonth month = last.minusMonths(back);
			// a forced run: the run's own month is a new instance, not the run above
			// again
			long alone = run(month, "alone");
			assertThat(tables.months(alone)).filteredOn(row -> row.month().equals(month))
				.containsExactlyInAnyOrderElementsOf(months.stream().filter(row -> row.month().equals(month)).toList());
		}
	}

	/**
	 * The staged month against the sandbox's good and valid events of it: before the
	 * level existed marked and empty; else attainment
	 * {@code min(100, good / valid x 100)} and the budget consumed
	 * {@code (100 - attainment) / (100 - target)}, to 1e-9.
	 */
	private static void checkByHand(Indicator indicator, ServiceLevelMonthRow row) {
		Instant from = row.month().atDay(1).atStartOfDay().toInstant(ZoneOffset.UTC);
		Instant to = row.month().plusMonths(1).atDay(1).atStartOfDay().toInstant(ZoneOffset.UTC);
		if (!to.isAfter(indicator.createdAt())) {
			assertThat(row.beforeCreation()).as("%s %s", indicator.name(), row.month()).isTrue();
			assertThat(row.attainmentPct()).isNull();
			assertThat(row.good()).isNull();
			assertThat(row.valid()).isNull();
			return;
		}
		assertThat(row.beforeCreation()).isFalse();
		assertThat(row.partial()).isEqualTo(from.isBefore(indicator.createdAt()));
		double good = SandboxServiceLevels.good(indicator.guid(), from, to);
		double valid = SandboxServiceLevels.valid(indicator.guid(), from, to);
		double attainment = Math.min(100, good / valid * 100);
		double consumed = (100 - attainment) / (100 - indicator.targetPct());
		assertThat(row.attainmentPct()).as("%s %s", indicator.name(), row.month()).isCloseTo(attainment, within(1e-9));
		assertThat(row.good()).isCloseTo(good, within(1e-9));
		assertThat(row.valid()).isCloseTo(valid, within(1e-9));
		assertThat(ServiceLevelFormulas.budgetConsumed(row.attainmentPct(), indicator.targetPct())).isCloseTo(consumed,
				within(1e-9));
		assertThat(ServiceLevelFormulas
			.budgetRemaining(ServiceLevelFormulas.budgetConsumed(row.attainmentPct(), indicator.targetPct())))
			.isCloseTo(1 - consumed, within(1e-9));
	}

	private long run(YearMonth month, String forcedAt) throws Exception {
		TimeRange range = TimeRange.parse(month.atDay(1) + "T00:00:00Z", month.plusMonths(1).atDay(1) + "T00:00:00Z");
		JobExecution execution = jobOperatorTestUtils
			.startJob(new ReportRun("monthly-service-levels", SourceKind.NRQL.recorded(sandbox.graphqlUrl().toString()),
					TestSandbox.DEMO_ACCOUNT, range, workDir.resolve("output"), forcedAt)
				.toJobParameters());
		List<String> failures = new ArrayList<>();
		execution.getStepExecutions()
			.forEach(step -> step.getFailureExceptions().forEach(ex -> failures.add(step.getStepName() + ": " + ex)));
		// the whole run completed, its service-level steps among them
		assertThat(execution.getStatus()).as("%s", failures).isEqualTo(BatchStatus.COMPLETED);
		assertThat(execution.getStepExecutions())
			.filteredOn(step -> List.of("fetchServiceLevels", "fetchSla", "writeFiles").contains(step.getStepName()))
			.hasSize(3)
			.allSatisfy(step -> assertThat(step.getStatus()).as("%s", failures).isEqualTo(BatchStatus.COMPLETED));
		return execution.getJobInstance().getInstanceId();
	}

}
