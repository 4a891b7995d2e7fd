package io.apmreports.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.JobInstance;
import org.springframework.batch.core.scope.context.ChunkContext;
import org.springframework.batch.core.scope.context.StepContext;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.batch.infrastructure.repeat.RepeatStatus;
import org.springframework.jdbc.core.JdbcTemplate;

import io.apmreports.definition.ApplicationFilter;
import io.apmreports.definition.CostSettings;
import io.apmreports.definition.EmailTemplate;
import io.apmreports.definition.ReportDefinition;
import io.apmreports.definition.ReportFormat;
import io.apmreports.definition.Section;
import io.apmreports.definition.SourceKind;
import io.apmreports.definition.Thresholds;
import io.apmreports.range.RangeSpec;
import io.apmreports.range.TimeRange;
import io.apmreports.source.Account;
import io.apmreports.source.AccountNotRead;
import io.apmreports.source.BilledIngest;
import io.apmreports.source.BilledMonth;
import io.apmreports.source.ByteEstimate;
import io.apmreports.source.FigureSource;
import io.apmreports.source.IngestRule;
import io.apmreports.source.MonthlyIngest;
import io.apmreports.source.RequestStats;
import io.apmreports.source.UsageSource;
import io.apmreports.staging.CostAccount;
import io.apmreports.staging.CostMonth;
import io.apmreports.staging.CostRow;
import io.apmreports.staging.CostTables;
import io.apmreports.staging.IngestEstimates;
import io.apmreports.staging.StagingDatabases;

/**
 * The cost steps over a hand-made organisation, on 10 November 2026: parent 1 billed 100
 * GB of APM events (its children's 40 among them), child 2 40 GB, which the key may not
 * read. The measuring step keeps the parent's 3 to 9 November, passes the child and says
 * why; the cost step splits the parent's own by the kept days and leaves the child's
 * whole ingest unallocated; done again, it replaces what it staged.
 */
class CostTaskletsTests {

	private static final YearMonth NOVEMBER = YearMonth.of(2026, 11);

	private static final YearMonth OCTOBER = YearMonth.of(2026, 10);

	private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-10T01:00:00Z"), ZoneOffset.UTC);

	private final JdbcTemplate jdbc = StagingDatabases.h2();

	private final IngestEstimates estimates = StagingDatabases.ingestEstimates(jdbc);

	private final CostTables tables = StagingDatabases.costTables(jdbc);

	@Test
	void anAccountTheKeyMayNotReadIsWhollyUnallocatedWithWhyAndTheRunGoesOn() throws Exception {
		// given
		LaunchedRun launched = launched();
		StepExecution step = new StepExecution(1, "measureIngest", launched.execution());
		ChunkContext context = new ChunkContext(new StepContext(step));
		FigureSource source = mock(FigureSource.class);
		when(source.requests()).thenReturn(new RequestStats().snapshot());

		// when both steps run
		MeasureIngestTasklet measure = new MeasureIngestTasklet(source, new Organisation(), estimates, launched, CLOCK,
				Duration.ofDays(400), 8);
		int executions = 1;
		while (measure.execute(null, context) == RepeatStatus.CONTINUABLE) {
			executions++;
		}
		StageCostTasklet stage = new StageCostTasklet(new Organisation(), estimates, tables, launched);
		stage.execute(null, context);
		stage.execute(null, context);

		// then the parent's 7 whole days within retention (3 to 9 November) are kept, the
		// child's none; one account-day a transaction: 2 accounts x 7 days
		assertThat(executions).isEqualTo(14);
		assertThat(estimates.keptDays(1, NOVEMBER.atDay(1), NOVEMBER.atEndOfMonth()))
			.containsExactlyElementsOf(LocalDate.of(2026, 11, 3).datesUntil(LocalDate.of(2026, 11, 10)).toList());
		List<CostAccount> accounts = tables.accounts(launched.instanceId());
		assertThat(accounts)
			.extracting(CostAccount::accountId, CostAccount::billedGigabytes, CostAccount::daysMeasured,
					CostAccount::daysInMonth)
			.containsExactly(tuple(1L, 60.0, 7, 30), tuple(2L, 40.0, 0, 30));
		assertThat(accounts.get(1).notMeasured()).isEqualTo("the key may not read account 2: not yours");
		// the parent's own 100 - 40 = 60: Checkout 60 x (7 x 600)/(7 x 1000) = 36, 24
		// left; Checkout's estimate 4200 bytes = 4.2e-6 GB x 30/7 = 1.8e-5 GB; the
		// child's 40 wholly unallocated; staged twice, each line once
		List<CostRow> rows = new ArrayList<>();
		tables.forEachRow(launched.instanceId(), rows::add);
		assertThat(rows).extracting(CostRow::accountId, CostRow::application, CostRow::gigabytes)
			.containsExactly(tuple(1L, "Checkout", 36.0), tuple(1L, null, 24.0), tuple(2L, null, 40.0));
		assertThat(rows.get(0).estimatedGigabytes()).isCloseTo(1.8e-5, within(1e-15));
	}

	@Test
	void aCostRunMeasuresItsMonthAndTheMonthBeforeWhileKeptSoThatTheTwoCompareByTeam() throws Exception {
		// given October's run on 10 November, the organisation's events kept 98 days
		// (report.event-retention-days on Data Plus), and 15 September kept already
		LaunchedRun launched = launched(OCTOBER);
		LocalDate keptBefore = LocalDate.of(2026, 9, 15);
		estimates.save(1, keptBefore, new Organisation().byteEstimates(1, keptBefore, IngestRule.DEFAULTS),
				OffsetDateTime.now(CLOCK));
		StepExecution step = new StepExecution(1, "measureIngest", launched.execution());
		ChunkContext context = new ChunkContext(new StepContext(step));
		FigureSource source = mock(FigureSource.class);
		when(source.requests()).thenReturn(new RequestStats().snapshot());

		// when both steps run
		MeasureIngestTasklet measure = new MeasureIngestTasklet(source, new Organisation(), estimates, launched, CLOCK,
				Duration.ofDays(400), 98);
		int executions = 1;
		while (measure.execute(null, context) == RepeatStatus.CONTINUABLE) {
			executions++;
		}
		new StageCostTasklet(new Organisation(), estimates, tables, launched).execute(null, context);

		// then the parent keeps every day of September and October, and none of
		// November's, which is not the run's; one account-day a transaction, the day
		// kept before skipped: 60 of the parent's and 61 of the child's
		assertThat(estimates.keptDays(1, LocalDate.of(2026, 8, 1), NOVEMBER.atEndOfMonth()))
			.containsExactlyElementsOf(LocalDate.of(2026, 9, 1).datesUntil(LocalDate.of(2026, 11, 1)).toList());
		assertThat(executions).isEqualTo(60 + 61);
		// and September, from the history of the bill, is split as October is: the
		// parent's own 60 GB, 36 of them Checkout's
		assertThat(tables.months(launched.instanceId()))
			.filteredOn(month -> month.accountId() == 1 && month.allocated())
			.extracting(CostMonth::month, CostMonth::gigabytes)
			.containsExactlyInAnyOrder(tuple(OCTOBER.minusMonths(1), 36.0), tuple(OCTOBER, 36.0));
	}

	private static LaunchedRun launched() {
		return launched(NOVEMBER);
	}

	private static LaunchedRun launched(YearMonth month) {
		ReportDefinition definition = new ReportDefinition("monthly-cost", "Monthly cost", ApplicationFilter.all(),
				RangeSpec.parse("last-month").orElseThrow(), ZoneOffset.UTC, Set.of(ReportFormat.CSV),
				Set.of(Section.COST), EmailTemplate.DEFAULT, SourceKind.NRQL, Set.of(), null, null, Thresholds.DEFAULT,
				CostSettings.DEFAULT);
		ReportRun run = new ReportRun("monthly-cost", SourceKind.NRQL.recorded("test"), new Account(1, "Production"),
				TimeRange.parse(month.atDay(1) + "T00:00:00Z", month.plusMonths(1).atDay(1) + "T00:00:00Z"),
				Path.of("output"), null);
		return new LaunchedRun(run, definition, null,
				new JobExecution(1, new JobInstance(5, "report"), run.toJobParameters()));
	}

	/** The organisation as the vendor would answer it. */
	private static final class Organisation implements UsageSource {

		@Override
		public List<BilledIngest> billedIngest(long usageAccount, YearMonth month) {
			return List.of(new BilledIngest(1, "Production", "ApmEventsBytes", 100),
					new BilledIngest(2, "Staging", "ApmEventsBytes", 40));
		}

		@Override
		public BilledMonth billedMonth(long usageAccount, YearMonth month) {
			return BilledMonth.NONE;
		}

		@Override
		public List<MonthlyIngest> monthlyIngest(long usageAccount, YearMonth first, YearMonth last) {
			YearMonth september = YearMonth.of(2026, 9);
			if (september.isBefore(first) || september.isAfter(last)) {
				return List.of();
			}
			return List.of(new MonthlyIngest(september, 1, "ApmEventsBytes", 100),
					new MonthlyIngest(september, 2, "ApmEventsBytes", 40));
		}

		@Override
		public List<ByteEstimate> byteEstimates(long accountId, LocalDate day, List<IngestRule> rules) {
			if (accountId == 2) {
				throw new AccountNotRead(2, "not yours");
			}
			List<ByteEstimate> estimates = new ArrayList<>();
			for (IngestRule rule : rules) {
				boolean apm = rule.usageMetric().equals("ApmEventsBytes");
				if (apm) {
					estimates.add(new ByteEstimate(1, day, rule.usageMetric(), "Checkout", 600));
				}
				estimates.add(new ByteEstimate(1, day, rule.usageMetric(), null, apm ? 1000 : 0));
			}
			return estimates;
		}

		@Override
		public Map<String, String> applicationTag(long accountId, String tag) {
			return Map.of();
		}

	}

}
