package io.apmreports.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.batch.core.BatchStatus;

import io.apmreports.definition.SendWhen;
import io.apmreports.failure.UserFacingException;
import io.apmreports.job.ReportRun;
import io.apmreports.range.TimeRange;
import io.apmreports.source.Account;
import io.apmreports.source.Accounts;

class RunFilterTests {

	private static final ReportRun CHECKOUT = run("checkout", 1234567L);

	private static final ReportRun WHOLE = run(null, 7654321L);

	@Test
	void anEmptyFilterShowsEveryRun() {
		RunFilter filter = filter(null, null, null, null, null, null);

		assertThat(filter.matches(BatchStatus.FAILED, CHECKOUT)).isTrue();
		assertThat(filter.matches(BatchStatus.COMPLETED, WHOLE)).isTrue();
	}

	@Test
	void aReportIsMatchedByItsNameOrByItsNameAndTeam() {
		assertThat(filter("weekly-performance", null, null, null, null, null).matches(BatchStatus.COMPLETED, CHECKOUT))
			.isTrue();
		assertThat(filter("weekly-performance/checkout", null, null, null, null, null).matches(BatchStatus.COMPLETED,
				CHECKOUT))
			.isTrue();
		assertThat(filter("weekly-performance/checkout", null, null, null, null, null).matches(BatchStatus.COMPLETED,
				WHOLE))
			.isFalse();
		assertThat(filter("monthly-usage", null, null, null, null, null).matches(BatchStatus.COMPLETED, CHECKOUT))
			.isFalse();
	}

	@Test
	void aTeamOrNoTeamAnAccountAndAStatusNarrowIt() {
		assertThat(filter(null, "checkout", null, null, null, null).matches(BatchStatus.COMPLETED, CHECKOUT)).isTrue();
		assertThat(filter(null, "checkout", null, null, null, null).matches(BatchStatus.COMPLETED, WHOLE)).isFalse();
		assertThat(filter(null, "-", null, null, null, null).matches(BatchStatus.COMPLETED, WHOLE)).isTrue();
		assertThat(filter(null, null, "7654321", null, null, null).matches(BatchStatus.COMPLETED, WHOLE)).isTrue();
		assertThat(filter(null, null, "765", null, null, null).matches(BatchStatus.COMPLETED, WHOLE)).isFalse();
		assertThat(filter(null, null, null, "failed", null, null).matches(BatchStatus.FAILED, WHOLE)).isTrue();
		assertThat(filter(null, null, null, "FAILED", null, null).matches(BatchStatus.COMPLETED, WHOLE)).isFalse();
	}

	@Test
	void aRangeFilterKeepsTheRunsWhoseRangeLiesWithinIt() {
		// the runs' range: 9 Nov to 16 Nov (its end excluded, as recorded)
		assertThat(filter(null, null, null, null, LocalDate.parse("2026-11-09"), LocalDate.parse("2026-11-16"))
			.matches(BatchStatus.COMPLETED, CHECKOUT)).isTrue();
		assertThat(filter(null, null, null, null, LocalDate.parse("2026-11-10"), null).matches(BatchStatus.COMPLETED,
				CHECKOUT))
			.isFalse();
		assertThat(filter(null, null, null, null, null, LocalDate.parse("2026-11-15")).matches(BatchStatus.COMPLETED,
				CHECKOUT))
			.isFalse();
	}

	@Test
	void aStatusThatIsNoneIsOneLine() {
		assertThatThrownBy(() -> filter(null, null, null, "BOGUS", null, null)).isInstanceOf(UserFacingException.class)
			.hasMessageStartingWith("status 'BOGUS' is none of ");
	}

	private static RunFilter filter(String report, String team, String account, String status, LocalDate since,
			LocalDate until) {
		return new RunFilter(report, team, account, status, since, until, 0, 25);
	}

	private static ReportRun run(String team, long account) {
		return new ReportRun("weekly-performance", "demo", Accounts.of(new Account(account, "Demo")),
				TimeRange.parse("2026-11-09T00:00:00+01:00", "2026-11-16T00:00:00+01:00"), Path.of("out"), null,
				List.of(), team, null, SendWhen.ALWAYS, 1);
	}

}
