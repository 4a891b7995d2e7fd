package io.apmreports.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.apmreports.definition.ReportDefinition;
import io.apmreports.definition.ReportDefinitions;
import io.apmreports.formula.Breakdown;
import io.apmreports.source.ApplicationFigures;
import io.apmreports.source.FigureStatus;
import io.apmreports.source.StagedApplication;

import io.apmreports.range.TimeRange;
import io.apmreports.source.Account;
import io.apmreports.source.Accounts;

class HistoryRowsTests {

	private static final TimeRange WEEK = TimeRange.parse("2026-11-09T00:00:00+01:00", "2026-11-16T00:00:00+01:00");

	private static final Accounts TWO = new Accounts(
			List.of(new Account(1234567, "Production"), new Account(7654321, null)));

	@Test
	void theReportsRowAddsUpItsApplicationsAsTheOverviewDoes() {
		// given two applications of one account, one of them without Apdex
		HistoryRows rows = new HistoryRows(WEEK, TWO, false, HistoryOrigin.RUN, 42L);
		rows.add(application(1001, 1234567L, null, HistoryFigures.headline(1000.0, 10.0, 100.0, 0.9, 0.01)));
		rows.add(application(1002, 1234567L, null, HistoryFigures.headline(3000.0, 30.0, 300.0, null, 0.03)));

		// when
		List<HistoryRow> kept = rows.rows();

		// then calls and throughput are summed, response time and Apdex weighted by
		// throughput (where present), the error rate by calls
		HistoryFigures report = only(kept, HistoryScope.REPORT).figures();
		assertThat(report.calls()).isEqualTo(4000.0);
		assertThat(report.throughputRpm()).isEqualTo(40.0);
		assertThat(report.responseTimeMs()).isCloseTo((100.0 * 10 + 300.0 * 30) / 40, within(1e-9));
		assertThat(report.apdexScore()).isCloseTo(0.9, within(1e-9));
		assertThat(report.errorRate()).isCloseTo((0.01 * 1000 + 0.03 * 3000) / 4000, within(1e-9));
		assertThat(report.webCalls()).isNull();
		assertThat(kept).allSatisfy(row -> {
			assertThat(row.period()).isEqualTo(WEEK);
			assertThat(row.origin()).isEqualTo(HistoryOrigin.RUN);
			assertThat(row.jobExecutionId()).isEqualTo(42L);
		});
	}

	@Test
	void everyAccountOfTheReportHasARowThoughItHasNoApplication() {
		// given applications in the first of two accounts only
		HistoryRows rows = new HistoryRows(WEEK, TWO, false, HistoryOrigin.REST, null);
		rows.add(application(1001, 1234567L, null, HistoryFigures.headline(1000.0, 10.0, 100.0, 0.9, 0.01)));

		// when
		List<HistoryRow> accounts = rows.rows().stream().filter(row -> row.scope() == HistoryScope.ACCOUNT).toList();

		// then both have a row, named as readers meet them, the empty one without figures
		assertThat(accounts).extracting(HistoryRow::accountId, HistoryRow::name, row -> row.figures().calls())
			.containsExactly(tuple(1234567L, "Production (account 1234567)", 1000.0),
					tuple(7654321L, "account 7654321", null));
		assertThat(accounts).allSatisfy(row -> assertThat(row.subject()).isEmpty());
	}

	@Test
	void aGroupedReportHasATeamRowPerValueAndNoneForApplicationsWithoutTheTag() {
		// given three applications, two in checkout, one without the tag
		HistoryRows rows = new HistoryRows(WEEK, Accounts.of(new Account(1234567, null)), true, HistoryOrigin.RUN, 1L);
		rows.add(application(1001, 1234567L, "checkout", HistoryFigures.headline(1000.0, 10.0, 100.0, 0.9, 0.01)));
		rows.add(application(1002, 1234567L, "checkout", HistoryFigures.headline(3000.0, 30.0, 300.0, 0.8, 0.03)));
		rows.add(application(1003, 1234567L, null, HistoryFigures.headline(500.0, 5.0, 50.0, 1.0, 0.0)));

		// when
		List<HistoryRow> kept = rows.rows();

		// then one team row, of checkout's two, in account 0
		assertThat(kept.stream().filter(row -> row.scope() == HistoryScope.TEAM)).singleElement().satisfies(team -> {
			assertThat(team.subject()).isEqualTo("checkout");
			assertThat(team.accountId()).isZero();
			assertThat(team.figures().calls()).isEqualTo(4000.0);
		});
		// and each application its own figures under its id
		assertThat(kept.stream().filter(row -> row.scope() == HistoryScope.APPLICATION))
			.extracting(HistoryRow::subject, HistoryRow::accountId, row -> row.figures().calls())
			.containsExactly(tuple("1001", 1234567L, 1000.0), tuple("1002", 1234567L, 3000.0),
					tuple("1003", 1234567L, 500.0));
		assertThat(only(kept, HistoryScope.REPORT).figures().calls()).isEqualTo(4500.0);
	}

	@Test
	void anUngroupedReportHasNoTeamRows() {
		HistoryRows rows = new HistoryRows(WEEK, Accounts.of(new Account(1234567, null)), false, HistoryOrigin.RUN, 1L);
		rows.add(application(1001, 1234567L, "checkout", HistoryFigures.headline(1000.0, 10.0, 100.0, 0.9, 0.01)));

		assertThat(rows.rows()).extracting(HistoryRow::scope)
			.containsExactly(HistoryScope.REPORT, HistoryScope.ACCOUNT, HistoryScope.APPLICATION);
	}

	@ParameterizedTest(name = "{0}")
	@CsvSource(delimiter = '|', textBlock = """
			[summary, breakdown]       | true
			[usage]                    | true
			[cost]                     | false
			[service-levels]           | false
			[summary, service-levels]  | true
			""")
	void aReportKeepsItsPeriodsWhenItTellsApplicationsFigures(String sections, boolean keeps) {
		ReportDefinition definition = new ReportDefinitions(Path.of("reports")).parse("history-test",
				"title: History test\nrange: last-month\ntime-zone: UTC\nformats: [xlsx]\nsource: nrql\nsections: "
						+ sections + "\n");

		assertThat(HistoryRows.keeps(definition)).isEqualTo(keeps);
	}

	@Test
	void anApplicationCountsAsARunStagesItAndNotWhenItFailedOrWentAway() {
		StagedApplication listed = new StagedApplication(1001, "Checkout", "java", "green", true, 1, 1)
			.inAccount(1234567)
			.inGroup("checkout");
		Breakdown breakdown = new Breakdown(12.0, null, 250.0, null, null, null, null, null, null, null, null, true,
				null);

		CountedApplication counted = CountedApplication.of(listed,
				new ApplicationFigures(1001, breakdown, 0.9, 0.01, 5000.0, FigureStatus.OK, null));

		assertThat(counted.figures()).isEqualTo(HistoryFigures.headline(5000.0, 12.0, 250.0, 0.9, 0.01));
		assertThat(counted.accountId()).isEqualTo(1234567L);
		assertThat(counted.group()).isEqualTo("checkout");
		assertThat(CountedApplication.of(listed, ApplicationFigures.failed(1001, "refused"))).isNull();
		assertThat(CountedApplication.of(listed, ApplicationFigures.gone(1001, "deleted"))).isNull();
	}

	private static CountedApplication application(long id, Long account, String group, HistoryFigures figures) {
		return new CountedApplication(id, "App " + id, account, group, figures);
	}

	private static HistoryRow only(List<HistoryRow> rows, HistoryScope scope) {
		return rows.stream().filter(row -> row.scope() == scope).reduce((a, b) -> {
			throw new AssertionError("more than one " + scope + " row");
		}).orElseThrow();
	}

}
