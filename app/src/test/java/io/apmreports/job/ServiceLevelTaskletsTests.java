package io.apmreports.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.JobInstance;
import org.springframework.batch.infrastructure.repeat.RepeatStatus;
import org.springframework.jdbc.core.JdbcTemplate;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.apmreports.definition.ApplicationFilter;
import io.apmreports.definition.CostSettings;
import io.apmreports.definition.EmailTemplate;
import io.apmreports.definition.ReportDefinition;
import io.apmreports.definition.ReportFormat;
import io.apmreports.definition.Section;
import io.apmreports.definition.SourceKind;
import io.apmreports.definition.Thresholds;
import io.apmreports.formula.ServiceLevelFormulas;
import io.apmreports.history.FigureHistories;
import io.apmreports.history.FigureHistory;
import io.apmreports.history.HistoryKey;
import io.apmreports.history.HistoryOrigin;
import io.apmreports.history.HistoryRow;
import io.apmreports.history.HistoryScope;
import io.apmreports.range.RangeSpec;
import io.apmreports.range.TimeRange;
import io.apmreports.source.Account;
import io.apmreports.source.FigureSource;
import io.apmreports.source.ServiceLevel;
import io.apmreports.source.ServiceLevelMonth;
import io.apmreports.source.ServiceLevelSource;
import io.apmreports.source.SlaFigures;
import io.apmreports.source.StagedApplication;
import io.apmreports.staging.ServiceLevelMonthRow;
import io.apmreports.staging.ServiceLevelRow;
import io.apmreports.staging.SlaMonthRow;
import io.apmreports.staging.StagedServiceLevels;
import io.apmreports.staging.StagingDatabases;

/**
 * The service-level steps over a hand-made account 1 with three applications, run for
 * October 2026: Checkout (10) has two levels, one created long ago, one on 15 August; a
 * level of an application outside the selection and one of a browser application are not
 * the report's; Search (20) and Cart (30) have none and get the SLA figures.
 */
class ServiceLevelTaskletsTests {

	private static final YearMonth OCTOBER = YearMonth.of(2026, 10);

	private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-01T06:00:00Z"), ZoneOffset.UTC);

	private static final OffsetDateTime AUGUST_15 = OffsetDateTime.parse("2026-08-15T00:00:00Z");

	private final JdbcTemplate jdbc = StagingDatabases.h2();

	private final FigureHistory history = FigureHistories.over(jdbc);

	private final List<TimeRange> levelMonthsAsked = new ArrayList<>();

	private final List<List<Long>> slaAsked = new ArrayList<>();

	@Test
	void theListedApplicationsLevelsAreStagedWithTwelveMonthsThoseBeforeCreationMarkedNotAsked() throws Exception {
		// given
		LaunchedRun launched = launched(5, OCTOBER, SourceKind.NRQL);
		StagedServiceLevels tables = tables(5);

		// when
		new FetchServiceLevelsTasklet(account -> nrql(), tables, launched).execute(null, null);

		// then the two levels of Checkout, none of another application or entity
		assertThat(tables.levelsRead(5)).isTrue();
		assertThat(tables.levels(5))
			.extracting(ServiceLevelRow::name, ServiceLevelRow::applicationName, ServiceLevelRow::targetPct)
			.containsExactly(tuple("Checkout availability", "Checkout", 99.9),
					tuple("Checkout latency", "Checkout", 99.0));
		List<ServiceLevelMonthRow> latency = tables.months(5)
			.stream()
			.filter(month -> month.guid().equals("latency"))
			.toList();
		// November 2025 to October 2026; before 15 August marked, without figures, never
		// asked; August partial
		assertThat(latency).extracting(ServiceLevelMonthRow::month)
			.containsExactlyElementsOf(months(OCTOBER.minusMonths(11), OCTOBER));
		assertThat(latency.subList(0, 9)).allSatisfy(month -> {
			assertThat(month.beforeCreation()).isTrue();
			assertThat(month.attainmentPct()).isNull();
			assertThat(month.good()).isNull();
			assertThat(month.valid()).isNull();
		});
		assertThat(latency.subList(9, 12))
			.extracting(ServiceLevelMonthRow::beforeCreation, ServiceLevelMonthRow::partial)
			.containsExactly(tuple(false, true), tuple(false, false), tuple(false, false));
		assertThat(levelMonthsAsked.stream().filter(month -> month.from().isBefore(AUGUST_15)).count())
			.as("of the months starting before 15 August, the latency level asks its August alone")
			.isEqualTo(10 + 1);
		// and October by hand: valid 10,000 + 10 x 100 = 11,000, good 11,000 - 10 x 20 =
		// 10,800: 98.1818...% against 99 %, the budget overspent
		ServiceLevelMonthRow october = latency.get(11);
		double attainment = 10_800.0 / 11_000 * 100;
		assertThat(october.attainmentPct()).isCloseTo(attainment, within(1e-9));
		double consumed = (100 - attainment) / (100 - 99.0);
		assertThat(ServiceLevelFormulas.budgetConsumed(october.attainmentPct(), 99.0)).isCloseTo(consumed,
				within(1e-9));
		assertThat(ServiceLevelFormulas.budgetRemaining(consumed)).isNegative();
	}

	@Test
	void theTwelveMonthRowsEqualTwelveSingleMonthRuns() throws Exception {
		// given October's run
		StagedServiceLevels tables = tables(5);
		new FetchServiceLevelsTasklet(account -> nrql(), tables, launched(5, OCTOBER, SourceKind.NRQL)).execute(null,
				null);
		List<ServiceLevelMonthRow> twelve = tables.months(5);

		// when each of the twelve months is run alone
		for (int back = 0; back < 12; back++) {
			long instance = 100 + back;
			YearMonth month = OCTOBER.minusMonths(back);
			StagedServiceLevels single = tables(instance);
			new FetchServiceLevelsTasklet(account -> nrql(), single, launched(instance, month, SourceKind.NRQL))
				.execute(null, null);

			// then its own month is October's row of that month, each level's
			assertThat(single.months(instance)).filteredOn(row -> row.month().equals(month))
				.containsExactlyElementsOf(twelve.stream().filter(row -> row.month().equals(month)).toList());
		}
	}

	@Test
	void applicationsWithoutLevelsGetTwelveSlaMonthsKeptForTheNextRun() throws Exception {
		// given the levels staged
		LaunchedRun launched = launched(5, OCTOBER, SourceKind.NRQL);
		StagedServiceLevels tables = tables(5);
		new FetchServiceLevelsTasklet(account -> nrql(), tables, launched).execute(null, null);

		// when
		drain(new FetchSlaTasklet(nrql(), history, tables, launched, CLOCK, 20));

		// then Search and Cart have twelve months each, every one said to come from NRQL,
		// as it did in this run
		List<SlaMonthRow> rows = tables.sla(5);
		assertThat(rows).extracting(SlaMonthRow::applicationName).containsOnly("Cart", "Search");
		assertThat(rows).hasSize(24);
		assertThat(rows).filteredOn(row -> row.month().equals(OCTOBER))
			.extracting(SlaMonthRow::applicationId, SlaMonthRow::webCalls, SlaMonthRow::origin)
			.containsExactly(tuple(30L, 30_010.0, HistoryOrigin.NRQL), tuple(20L, 20_010.0, HistoryOrigin.NRQL));
		assertThat(rows).extracting(SlaMonthRow::origin).containsOnly(HistoryOrigin.NRQL);
		HistoryKey key = HistoryKey.of("monthly-service-levels", launched.run().source(), launched.run().accounts(),
				null);
		List<HistoryRow> kept = history.rows(key, HistoryScope.APPLICATION,
				launched.run().range().lastPeriods(ZoneOffset.UTC, 12));
		assertThat(kept).hasSize(24);
		// the history keeps the run's own month as the run's, with its id, and the others
		// as NRQL's, without one
		assertThat(kept).filteredOn(row -> row.origin() == HistoryOrigin.RUN)
			.hasSize(2)
			.allSatisfy(row -> assertThat(row.jobExecutionId()).isNotNull());
		assertThat(kept).filteredOn(row -> row.origin() == HistoryOrigin.NRQL)
			.hasSize(22)
			.allSatisfy(row -> assertThat(row.jobExecutionId()).isNull());

		// and when a forced re-run (another instance) reads them
		LaunchedRun again = launched(6, OCTOBER, SourceKind.NRQL);
		StagedServiceLevels againTables = tables(6);
		new FetchServiceLevelsTasklet(account -> nrql(), againTables, again).execute(null, null);
		int asked = slaAsked.size();
		drain(new FetchSlaTasklet(nrql(), history, againTables, again, CLOCK, 20));

		// then it asks the source nothing and stages the same figures
		assertThat(slaAsked).hasSize(asked);
		assertThat(againTables.sla(6)).usingRecursiveFieldByFieldElementComparatorIgnoringFields("origin")
			.containsExactlyElementsOf(rows);
	}

	@Test
	void aKilledSlaStepContinuesWhereItStoppedAndAsksNothingTwice() throws Exception {
		// given the SLA step, one application a transaction, killed after its first
		LaunchedRun launched = launched(5, OCTOBER, SourceKind.NRQL);
		StagedServiceLevels tables = tables(5);
		new FetchServiceLevelsTasklet(account -> nrql(), tables, launched).execute(null, null);
		assertThat(new FetchSlaTasklet(nrql(), history, tables, launched, CLOCK, 1).execute(null, null))
			.isEqualTo(RepeatStatus.CONTINUABLE);
		assertThat(tables.sla(5)).extracting(SlaMonthRow::applicationId).containsOnly(20L);

		// when the restarted step runs to its end
		drain(new FetchSlaTasklet(nrql(), history, tables, launched, CLOCK, 1));

		// then each application has its twelve months once, each asked once a month
		assertThat(tables.sla(5)).hasSize(24);
		assertThat(slaAsked).hasSize(24).containsOnly(List.of(20L), List.of(30L));
	}

	@Test
	void throughRestNoLevelIsReadOneLineSaysWhyAndEveryApplicationGetsTheSlaFigures() throws Exception {
		// given
		LaunchedRun launched = launched(5, OCTOBER, SourceKind.REST);
		StagedServiceLevels tables = tables(5);
		FigureSource rest = source(Optional.empty());
		ListAppender<ILoggingEvent> log = new ListAppender<>();
		log.start();
		((Logger) LoggerFactory.getLogger(FetchServiceLevelsTasklet.class)).addAppender(log);

		// when
		try {
			new FetchServiceLevelsTasklet(account -> rest, tables, launched).execute(null, null);
			drain(new FetchSlaTasklet(rest, history, tables, launched, CLOCK, 20));
		}
		finally {
			((Logger) LoggerFactory.getLogger(FetchServiceLevelsTasklet.class)).detachAppender(log);
		}

		// then
		assertThat(tables.levelsRead(5)).isFalse();
		assertThat(tables.levels(5)).isEmpty();
		assertThat(log.list).extracting(ILoggingEvent::getFormattedMessage)
			.containsExactly("Service levels need NRQL over NerdGraph (source: nrql); this run reports the SLA "
					+ "figures of every application only");
		assertThat(tables.sla(5)).extracting(SlaMonthRow::applicationName).containsOnly("Cart", "Checkout", "Search");
		assertThat(tables.sla(5)).hasSize(36)
			.filteredOn(row -> !row.month().equals(OCTOBER))
			.extracting(SlaMonthRow::origin)
			.containsOnly(HistoryOrigin.REST);
	}

	private static void drain(FetchSlaTasklet tasklet) throws Exception {
		while (tasklet.execute(null, null) == RepeatStatus.CONTINUABLE) {
			// one transaction a call, as the step runs it
		}
	}

	private StagedServiceLevels tables(long instanceId) {
		return StagingDatabases.serviceLevels(jdbc, instanceId,
				List.of(StagingDatabases.application(10, "Checkout").inAccount(1),
						StagingDatabases.application(20, "Search").inAccount(1),
						StagingDatabases.application(30, "Cart").inAccount(1)));
	}

	private FigureSource nrql() {
		return source(Optional.of(new Levels()));
	}

	private FigureSource source(Optional<ServiceLevelSource> levels) {
		FigureSource source = mock(FigureSource.class);
		when(source.serviceLevels()).thenReturn(levels);
		when(source.sla(any(), any())).thenAnswer(call -> {
			List<StagedApplication> applications = call.getArgument(0);
			TimeRange month = call.getArgument(1);
			slaAsked.add(applications.stream().map(StagedApplication::id).toList());
			int monthValue = month.from().getMonthValue();
			return applications.stream()
				.map(application -> new SlaFigures(application.id(), application.id() * 1000.0 + monthValue, 0.9, 0.8,
						0.15, 0.05, 0.01))
				.toList();
		});
		return source;
	}

	private static List<YearMonth> months(YearMonth first, YearMonth last) {
		List<YearMonth> months = new ArrayList<>();
		for (YearMonth month = first; !month.isAfter(last); month = month.plusMonths(1)) {
			months.add(month);
		}
		return months;
	}

	private static LaunchedRun launched(long instanceId, YearMonth month, SourceKind kind) {
		ReportDefinition definition = new ReportDefinition("monthly-service-levels", "Monthly service levels",
				ApplicationFilter.all(), RangeSpec.parse("last-month").orElseThrow(), ZoneOffset.UTC,
				Set.of(ReportFormat.CSV), Set.of(Section.SERVICE_LEVELS), EmailTemplate.DEFAULT, kind, Set.of(), null,
				null, Thresholds.DEFAULT, CostSettings.DEFAULT);
		ReportRun run = new ReportRun("monthly-service-levels", kind.recorded("test"), new Account(1, "Production"),
				TimeRange.parse(month.atDay(1) + "T00:00:00Z", month.plusMonths(1).atDay(1) + "T00:00:00Z"),
				Path.of("output"), instanceId == 5 ? null : "forced-" + instanceId);
		return new LaunchedRun(run, definition, null,
				new JobExecution(instanceId, new JobInstance(instanceId, "report"), run.toJobParameters()));
	}

	/**
	 * The account's levels: valid events 10,000 + 100 a month number, good ones 5 (the
	 * availability level) or 20 (latency) a month number fewer.
	 */
	private final class Levels implements ServiceLevelSource {

		@Override
		public List<ServiceLevel> serviceLevels(long accountId) {
			String checkout = ServiceLevelMonths.guid(1, 10);
			return List.of(level("availability", "Checkout availability", checkout, "2020-01-01T00:00:00Z", 99.9),
					level("latency", "Checkout latency", checkout, AUGUST_15.toString(), 99.0),
					level("other", "Another application's", ServiceLevelMonths.guid(1, 99), "2020-01-01T00:00:00Z",
							99.0),
					level("browser", "A browser application's",
							Base64.getEncoder()
								.encodeToString("1|BROWSER|APPLICATION|10".getBytes(StandardCharsets.UTF_8)),
							"2020-01-01T00:00:00Z", 99.0));
		}

		@Override
		public List<ServiceLevelMonth> months(ServiceLevel level, List<TimeRange> months) {
			levelMonthsAsked.addAll(months);
			double fewer = level.guid().equals("availability") ? 5 : 20;
			return months.stream().map(month -> {
				int number = month.from().getMonthValue();
				double valid = 10_000 + 100 * number;
				double good = valid - fewer * number;
				return new ServiceLevelMonth(level.guid(), month, Math.min(100, good / valid * 100), good, valid);
			}).toList();
		}

		private static ServiceLevel level(String guid, String name, String entityGuid, String createdAt,
				double target) {
			return new ServiceLevel(1, guid, name, null, entityGuid, OffsetDateTime.parse(createdAt), target, 28,
					"SELECT 1", "SELECT 2", "SELECT 3");
		}

	}

}
