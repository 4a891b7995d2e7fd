package io.apmreports.source.nrql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.web.client.RestClient;

import io.apmreports.formula.BreakdownCalculator;
import io.apmreports.formula.MetricNames;
import io.apmreports.range.TimeRange;
import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.sandbox.SandboxServer;
import io.apmreports.sandbox.SandboxServiceLevels;
import io.apmreports.source.ServiceLevel;
import io.apmreports.source.ServiceLevelMonth;
import io.apmreports.source.ServiceLevelSource;
import io.apmreports.source.access.ApiKey;
import io.apmreports.source.access.RequestPacer;
import io.apmreports.source.access.RetryPolicy;

/**
 * The NRQL source's service levels over the sandbox's NerdGraph face, against the
 * sandbox's own hand computations: each demo level as its public API lists it, and each
 * of the last 12 months (in a zone with summer time) as its good and valid events sum.
 */
class ServiceLevelQueriesIntegrationTests {

	private static final ZoneId ZONE = ZoneId.of("Europe/Berlin");

	private SandboxServer sandbox;

	private NrqlFigureSource nrql;

	private ServiceLevelSource levels;

	@BeforeEach
	void start() {
		sandbox = SandboxServer.start(SandboxOptions.demoWithStaging("key", "staging-key"));
		MetricNames names = MetricNames.defaults();
		NerdGraphEndpoint endpoint = new NerdGraphEndpoint(sandbox.graphqlUrl(), new ApiKey("key"), 1234567L);
		NerdGraphClient client = new NerdGraphClient(
				NerdGraphClient.restClient(RestClient.builder(), endpoint.graphqlUrl(), Duration.ofSeconds(5),
						Duration.ofSeconds(60)),
				endpoint, RetryPolicy.none(), RequestPacer.unlimited(), 5, Duration.ofSeconds(60));
		nrql = new NrqlFigureSource(client, new BreakdownCalculator(names), names, List.of(), 5000, 5,
				Clock.systemUTC());
		levels = nrql.serviceLevels().orElseThrow();
	}

	@AfterEach
	void stop() {
		nrql.close();
		sandbox.close();
	}

	@Test
	void eachAccountsLevelsAreTheDemosWithTheirApplicationTargetAndCreation() {
		for (long account : List.of(SandboxOptions.DEMO_ACCOUNT_ID, SandboxOptions.DEMO_STAGING_ACCOUNT_ID)) {
			// given the demo's levels of the account
			List<SandboxServiceLevels.Indicator> expected = SandboxServiceLevels.indicators(account);

			// when the source lists them
			List<ServiceLevel> found = levels.serviceLevels(account);

			// then each is there, about its application, with its target, window and
			// creation
			assertThat(found).hasSameSizeAs(expected);
			for (SandboxServiceLevels.Indicator indicator : expected) {
				ServiceLevel level = found.stream()
					.filter(l -> l.guid().equals(indicator.guid()))
					.findFirst()
					.orElseThrow();
				assertThat(level.accountId()).isEqualTo(account);
				assertThat(level.name()).isEqualTo(indicator.name());
				assertThat(level.entityGuid()).isEqualTo(Base64.getEncoder()
					.encodeToString((account + "|APM|APPLICATION|" + indicator.applicationId())
						.getBytes(StandardCharsets.UTF_8)));
				assertThat(level.createdAt().toInstant()).isEqualTo(indicator.createdAt());
				assertThat(level.targetPct()).isEqualTo(indicator.targetPct());
				assertThat(level.windowDays()).isEqualTo(indicator.windowDays());
			}
		}
	}

	@Test
	void eachOfTheLastTwelveMonthsEqualsTheHandComputationAndMonthsBeforeCreationAreAbsent() {
		// given the last 12 calendar months in Berlin
		List<TimeRange> months = lastTwelveMonths();
		int before = 0;
		for (long account : List.of(SandboxOptions.DEMO_ACCOUNT_ID, SandboxOptions.DEMO_STAGING_ACCOUNT_ID)) {
			for (ServiceLevel level : levels.serviceLevels(account)) {
				// when each level's months are read
				List<ServiceLevelMonth> answered = levels.months(level, months);

				// then each month is the sandbox's good and valid events of it and their
				// attainment; a month that ended before the level was created has none
				assertThat(answered).extracting(ServiceLevelMonth::month).containsExactlyElementsOf(months);
				for (ServiceLevelMonth month : answered) {
					Instant from = month.month().from().toInstant();
					Instant to = month.month().to().toInstant();
					if (!to.isAfter(level.createdAt().toInstant())) {
						before++;
						assertThat(month.attainmentPct()).isNull();
						assertThat(month.good()).isNull();
						assertThat(month.valid()).isNull();
						continue;
					}
					double good = SandboxServiceLevels.good(level.guid(), from, to);
					double valid = SandboxServiceLevels.valid(level.guid(), from, to);
					assertThat(month.good()).isCloseTo(good, within(1e-9));
					assertThat(month.valid()).isCloseTo(valid, within(1e-9));
					assertThat(month.attainmentPct()).isCloseTo(Math.min(100, good / valid * 100), within(1e-9));
				}
			}
		}
		assertThat(before).as("months before some level's creation").isPositive();
	}

	private static List<TimeRange> lastTwelveMonths() {
		YearMonth current = YearMonth.now(Clock.system(ZONE));
		List<TimeRange> months = new ArrayList<>();
		for (int back = 12; back >= 1; back--) {
			YearMonth month = current.minusMonths(back);
			months.add(new TimeRange(month.atDay(1).atStartOfDay(ZONE).toOffsetDateTime(),
					month.plusMonths(1).atDay(1).atStartOfDay(ZONE).toOffsetDateTime()));
		}
		return months;
	}

}
