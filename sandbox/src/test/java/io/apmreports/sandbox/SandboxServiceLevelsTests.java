package io.apmreports.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

import org.junit.jupiter.api.Test;

class SandboxServiceLevelsTests {

	private static final YearMonth LAST_MONTH = YearMonth.now(Clock.systemUTC()).minusMonths(1);

	private static final Instant LAST_MONTH_START = LAST_MONTH.atDay(1).atStartOfDay().toInstant(ZoneOffset.UTC);

	private static final Instant LAST_MONTH_END = LAST_MONTH.plusMonths(1)
		.atDay(1)
		.atStartOfDay()
		.toInstant(ZoneOffset.UTC);

	@Test
	void theDemoAccountsHaveAtLeastFourLevelsOnDistinctApplicationsCreatedInDistinctMonths() {
		// given the demo's two accounts with service levels
		// when their levels are listed
		List<SandboxServiceLevels.Indicator> all = all();

		// then there are at least four, each on its own application, created in
		// different months, the staging account's too
		assertThat(all).hasSizeGreaterThanOrEqualTo(4);
		assertThat(all.stream().map(i -> i.accountId() + "/" + i.applicationId()).distinct()).hasSize(all.size());
		assertThat(all.stream().map(i -> YearMonth.from(i.createdAt().atZone(ZoneOffset.UTC))).distinct())
			.hasSize(all.size());
		assertThat(SandboxServiceLevels.indicators(SandboxOptions.DEMO_STAGING_ACCOUNT_ID)).isNotEmpty();
		assertThat(SandboxServiceLevels.indicators(SandboxOptions.DEMO_DATA_ACCOUNT_ID)).isEmpty();
	}

	@Test
	void eachGuidIsTheVendorsEncodingOfItsAccountAndId() {
		// given every demo level
		for (SandboxServiceLevels.Indicator level : all()) {
			// when its guid is decoded
			String decoded = new String(Base64.getDecoder().decode(level.guid()), StandardCharsets.UTF_8);

			// then it reads <account>|EXT|SERVICE_LEVEL|<id>
			assertThat(decoded).matches(level.accountId() + "\\|EXT\\|SERVICE_LEVEL\\|\\d+");
		}
	}

	@Test
	void oneLevelIsOlderThanTheRetentionOneAboutFourMonthsOldAndOneWasCreatedLastMonth() {
		// given the current month (UTC)
		YearMonth now = YearMonth.now(Clock.systemUTC());

		// when the levels' creation months are read
		List<YearMonth> created = all().stream()
			.map(i -> YearMonth.from(i.createdAt().atZone(ZoneOffset.UTC)))
			.toList();

		// then one is more than 13 months old, one 4 months, one from last month
		assertThat(created).anyMatch(m -> m.isBefore(now.minusMonths(13)));
		assertThat(created).contains(now.minusMonths(4), now.minusMonths(1));
	}

	@Test
	void lastMonthOneLevelOverspentItsBudgetAndOneKeptMoreThanAQuarter() {
		// given last month's good and valid events of each level
		List<Double> remaining = new ArrayList<>();
		for (SandboxServiceLevels.Indicator level : all()) {
			double good = SandboxServiceLevels.good(level.guid(), LAST_MONTH_START, LAST_MONTH_END);
			double valid = SandboxServiceLevels.valid(level.guid(), LAST_MONTH_START, LAST_MONTH_END);

			// when the attainment and budget are computed by hand
			double attainment = Math.min(100, good / valid * 100);
			remaining.add(1 - (100 - attainment) / (100 - level.targetPct()));
		}

		// then one is overspent (below target) and one kept more than a quarter
		assertThat(remaining).anyMatch(r -> r < 0);
		assertThat(remaining).anyMatch(r -> r > 0.25);
	}

	@Test
	void thereAreNoEventsBeforeALevelWasCreated() {
		// given each level's creation
		for (SandboxServiceLevels.Indicator level : all()) {
			Instant created = level.createdAt();
			Instant aMonthBefore = created.minus(Duration.ofDays(31));

			// when the events before and the hour after are summed
			double before = SandboxServiceLevels.valid(level.guid(), aMonthBefore, created);
			double after = SandboxServiceLevels.valid(level.guid(), created, created.plus(Duration.ofHours(1)));

			// then there are none before; the last 13 months have some after
			assertThat(before).isZero();
			if (created.isAfter(Instant.now().minus(Duration.ofDays(390)))) {
				assertThat(after).isPositive();
			}
		}
	}

	@Test
	void goodIsValidLessBadAndSumsAddUpOverAdjacentWindows() {
		// given a level and a window split in two at an odd instant
		SandboxServiceLevels.Indicator level = all().get(0);
		Instant middle = LAST_MONTH_START.plus(Duration.ofDays(9)).plusMillis(30_123);

		// when each metric is summed whole and by halves
		double valid = SandboxServiceLevels.valid(level.guid(), LAST_MONTH_START, LAST_MONTH_END);
		double good = SandboxServiceLevels.good(level.guid(), LAST_MONTH_START, LAST_MONTH_END);
		double bad = SandboxServiceLevels.bad(level.guid(), LAST_MONTH_START, LAST_MONTH_END);
		double halves = SandboxServiceLevels.valid(level.guid(), LAST_MONTH_START, middle)
				+ SandboxServiceLevels.valid(level.guid(), middle, LAST_MONTH_END);

		// then good = valid - bad, some are bad, and the halves add up
		assertThat(good).isEqualTo(valid - bad);
		assertThat(bad).isPositive();
		assertThat(halves).isEqualTo(valid);
	}

	@Test
	void theFiguresAreTheSameOnEveryCall() {
		// given a level and a past window
		SandboxServiceLevels.Indicator level = all().get(1);

		// when its events are summed twice
		double first = SandboxServiceLevels.good(level.guid(), LAST_MONTH_START, LAST_MONTH_END);
		double second = SandboxServiceLevels.good(level.guid(), LAST_MONTH_START, LAST_MONTH_END);

		// then they agree and the creation time is whole hours of a month's day
		assertThat(first).isEqualTo(second).isPositive();
		assertThat(level.createdAt().atZone(ZoneOffset.UTC).getMinute()).isZero();
	}

	static List<SandboxServiceLevels.Indicator> all() {
		List<SandboxServiceLevels.Indicator> all = new ArrayList<>(
				SandboxServiceLevels.indicators(SandboxOptions.DEMO_ACCOUNT_ID));
		all.addAll(SandboxServiceLevels.indicators(SandboxOptions.DEMO_STAGING_ACCOUNT_ID));
		return all;
	}

}
