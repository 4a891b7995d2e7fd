package io.apmreports.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.apmreports.range.TimeRange;
import io.apmreports.source.Account;
import io.apmreports.source.Accounts;
import io.apmreports.staging.CountedApplication;
import io.apmreports.staging.PeriodFigures;

class HistoryRowsTests {

	private static final TimeRange WEEK = TimeRange.parse("2026-11-09T00:00:00+01:00", "2026-11-16T00:00:00+01:00");

	private static final Accounts TWO = new Accounts(
			List.of(new Account(1234567, "Production"), new Account(7654321, null)));

	@Test
	void theReportsRowAddsUpItsApplicationsAsTheOverviewDoes() {
		// given two applications of one account, one of them without Apdex
		HistoryRows rows = new HistoryRows(WEEK, TWO, false, HistoryOrigin.RUN, 42L);
		rows.add(application(1001, 1234567L, null, new PeriodFigures(1000.0, 10.0, 100.0, 0.9, 0.01)));
		rows.add(application(1002, 1234567L, null, new PeriodFigures(3000.0, 30.0, 300.0, null, 0.03)));

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
		rows.add(application(1001, 1234567L, null, new PeriodFigures(1000.0, 10.0, 100.0, 0.9, 0.01)));

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
		rows.add(application(1001, 1234567L, "checkout", new PeriodFigures(1000.0, 10.0, 100.0, 0.9, 0.01)));
		rows.add(application(1002, 1234567L, "checkout", new PeriodFigures(3000.0, 30.0, 300.0, 0.8, 0.03)));
		rows.add(application(1003, 1234567L, null, new PeriodFigures(500.0, 5.0, 50.0, 1.0, 0.0)));

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
		rows.add(application(1001, 1234567L, "checkout", new PeriodFigures(1000.0, 10.0, 100.0, 0.9, 0.01)));

		assertThat(rows.rows()).extracting(HistoryRow::scope)
			.containsExactly(HistoryScope.REPORT, HistoryScope.ACCOUNT, HistoryScope.APPLICATION);
	}

	private static CountedApplication application(long id, Long account, String group, PeriodFigures figures) {
		return new CountedApplication(id, "App " + id, account, group, figures);
	}

	private static HistoryRow only(List<HistoryRow> rows, HistoryScope scope) {
		return rows.stream().filter(row -> row.scope() == scope).reduce((a, b) -> {
			throw new AssertionError("more than one " + scope + " row");
		}).orElseThrow();
	}

}
