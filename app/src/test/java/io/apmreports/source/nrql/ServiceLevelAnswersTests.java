package io.apmreports.source.nrql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.apmreports.source.ServiceLevel;

class ServiceLevelAnswersTests {

	private static final OffsetDateTime JULY_FIRST = OffsetDateTime.parse("2026-07-01T00:00:00Z");

	@Test
	void createdAtIsReadAsEpochMillisTheirTextOrAnIsoDateAndTime() {
		// given createdAt in each plausible shape, when each is read, then all are the
		// same instant, in UTC
		assertThat(ServiceLevelAnswers.createdAt(1782864000000L)).isEqualTo(JULY_FIRST);
		assertThat(ServiceLevelAnswers.createdAt("1782864000000")).isEqualTo(JULY_FIRST);
		assertThat(ServiceLevelAnswers.createdAt("2026-07-01T02:00:00+02:00")).isEqualTo(JULY_FIRST);
		assertThat(ServiceLevelAnswers.createdAt("2026-07-01T00:00:00Z")).isEqualTo(JULY_FIRST);
		assertThat(ServiceLevelAnswers.createdAt("2026-07-01 00:00:00")).isEqualTo(JULY_FIRST);
		assertThat(ServiceLevelAnswers.createdAt("2026-07-01")).isEqualTo(JULY_FIRST);
		assertThatExceptionOfType(NerdGraphException.Rejected.class)
			.isThrownBy(() -> ServiceLevelAnswers.createdAt("last July"))
			.withMessageContaining("createdAt 'last July'");
	}

	@Test
	void anIndicatorIsReadWithItsFirstObjectiveAndItsOwnQueries() {
		// given an entity with one indicator of two objectives
		Map<String, Object> indicator = Map.of("guid", "g1", "name", "Checkout", "entityGuid", "app", "createdAt",
				1782864000000L, "objectives",
				List.of(Map.of("target", 99.5, "timeWindow", Map.of("rolling", Map.of("count", 28, "unit", "DAY"))),
						Map.of("target", 90, "timeWindow", Map.of("rolling", Map.of("count", 7, "unit", "DAY")))),
				"resultQueries", Map.of("indicator", Map.of("nrql", "SELECT 1 FROM Metric"), "goodEvents",
						Map.of("nrql", "SELECT 2 FROM Metric"), "validEvents", Map.of("nrql", "SELECT 3 FROM Metric")));
		Map<String, Object> entity = Map.of("guid", "g1", "accountId", 7654321, "serviceLevel",
				Map.of("indicators", List.of(indicator)));

		// when it is read for another account asked
		List<ServiceLevel> levels = ServiceLevelAnswers.levels(entity, 1234567);

		// then the entity's account, the first objective and the level's own queries
		assertThat(levels).containsExactly(new ServiceLevel(7654321, "g1", "Checkout", null, "app", JULY_FIRST, 99.5,
				28, "SELECT 1 FROM Metric", "SELECT 2 FROM Metric", "SELECT 3 FROM Metric"));
	}

	@Test
	void anIndicatorWithoutObjectivesOrQueriesHasNoTargetAndTheVendorsQueriesOverItsGuid() {
		// given an indicator with nothing but its guid and creation, its target as text
		// in a second one
		Map<String, Object> bare = Map.of("guid", "g2", "createdAt", "2026-07-01");
		Map<String, Object> textual = Map.of("guid", "g3", "createdAt", 1782864000000L, "objectives",
				List.of(Map.of("target", "99.9")));

		// when both are read
		List<ServiceLevel> levels = ServiceLevelAnswers
			.levels(Map.of("serviceLevel", Map.of("indicators", List.of(bare, textual))), 1234567);

		// then the first has no target or window and the vendor's spelling of its
		// queries; the second reads its target from text
		ServiceLevel first = levels.get(0);
		assertThat(first.accountId()).isEqualTo(1234567);
		assertThat(first.targetPct()).isNull();
		assertThat(first.windowDays()).isNull();
		assertThat(first.indicatorNrql())
			.isEqualTo("SELECT clamp_max(sum(newrelic.sli.good) / sum(newrelic.sli.valid) * 100, 100) AS 'SLI' "
					+ "FROM Metric WHERE entity.guid = 'g2'");
		assertThat(first.validNrql()).isEqualTo("SELECT sum(newrelic.sli.valid) FROM Metric WHERE entity.guid = 'g2'");
		assertThat(levels.get(1).targetPct()).isEqualTo(99.9);
	}

	@Test
	void anEntityWithoutServiceLevelHoldsNoneAndAMalformedIndicatorIsRefused() {
		// given an entity without serviceLevel and one whose indicator has no guid
		// when each is read
		// then the first holds none; the second is refused naming what was missing
		assertThat(ServiceLevelAnswers.levels(Map.of("guid", "x"), 1)).isEmpty();
		assertThat(ServiceLevelAnswers.levels(Map.of("serviceLevel", Map.of()), 1)).isEmpty();
		assertThatExceptionOfType(NerdGraphException.Rejected.class)
			.isThrownBy(() -> ServiceLevelAnswers
				.levels(Map.of("serviceLevel", Map.of("indicators", List.of(Map.of("name", "n")))), 1))
			.withMessage("service-level search request: unreadable answer, an indicator has no guid");
	}

}
