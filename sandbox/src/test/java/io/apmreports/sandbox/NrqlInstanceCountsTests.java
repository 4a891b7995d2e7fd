package io.apmreports.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

/**
 * Instances as NRQL counts them over the synthetic account: {@code realAgentId}, which
 * every agent sets, agrees with the instances the REST face lists; {@code instanceName},
 * which only Java agents set, does not.
 */
class NrqlInstanceCountsTests {

	/** A Wednesday afternoon: every reporting demo application has traffic then. */
	private static final long NOW = Instant.parse("2024-03-06T15:30:00Z").toEpochMilli();

	private final SyntheticAccount demo = SyntheticAccount.demo();

	private final NrqlEvaluator evaluator = new NrqlEvaluator(new NrqlUnits(demo, Set.of()), 5_000,
			new NrqlShapes(NrqlShapes.ApdexShape.NESTED, NrqlShapes.FacetValues.TYPED), () -> {
			});

	@Test
	void agentIdsCountTheInstancesRestListsAndInstanceNamesOnlyJavasOfThem() {
		// given the counts of the last hour by both attributes, faceted by application
		Map<Long, Map<String, Object>> rows = byApplication(evaluator.run(NrqlParser
			.parse("SELECT uniqueCount(realAgentId) AS agents, uniqueCount(instanceName) AS names, uniqueCount(host) "
					+ "AS hosts FROM Metric FACET appId SINCE " + (NOW - 3_600_000) + " UNTIL " + NOW + " LIMIT MAX"),
				NOW));

		// then every reporting application's agents are the instances REST lists, and
		// instance names are there for Java applications only
		List<SyntheticApplication> reporting = demo.applications()
			.stream()
			.filter(SyntheticApplication::reporting)
			.toList();
		assertThat(rows).hasSameSizeAs(reporting);
		for (SyntheticApplication app : reporting) {
			Map<String, Object> row = rows.get(app.id());
			int listed = app.currentInstanceIds().size();
			assertThat(row.get("agents")).as(app.name()).isEqualTo((long) listed);
			assertThat(row.get("hosts")).as(app.name()).isEqualTo((long) app.currentHosts().size());
			assertThat(row.get("names")).as(app.name()).isEqualTo(app.language().equals("java") ? (long) listed : 0L);
		}
		// and the account has applications in other languages that instance names miss
		assertThat(reporting).anyMatch(app -> !app.language().equals("java") && !app.currentInstanceIds().isEmpty())
			.anyMatch(app -> app.language().equals("java") && !app.currentInstanceIds().isEmpty());
	}

	@Test
	void anAgentIdIsTheInstanceIdRestListsForItsHost() {
		// given the Storefront (Ruby, four hosts)
		SyntheticApplication storefront = demo.application(1004).orElseThrow();

		// when its agents are faceted by host
		List<Map<String, Object>> rows = evaluator.run(NrqlParser.parse("SELECT count(newrelic.timeslice.value) "
				+ "FROM Metric WHERE appId = 1004 AND metricTimesliceName = 'HttpDispatcher' FACET host, realAgentId "
				+ "SINCE " + (NOW - 3_600_000) + " UNTIL " + NOW + " LIMIT MAX"), NOW);

		// then each host has one agent, whose id is the instance REST lists in the same
		// place as the host, and a condition on the id selects that host alone
		Map<Object, Object> agentByHost = new HashMap<>();
		rows.forEach(row -> agentByHost.put(((List<?>) row.get("facet")).get(0), ((List<?>) row.get("facet")).get(1)));
		assertThat(agentByHost).hasSize(4);
		for (int i = 0; i < storefront.hosts().size(); i++) {
			assertThat(agentByHost).containsEntry(storefront.hosts().get(i).hostName(),
					storefront.currentInstanceIds().get(i));
		}
		long second = storefront.currentInstanceIds().get(1);
		List<Map<String, Object>> one = evaluator.run(NrqlParser.parse("SELECT uniqueCount(host) AS hosts FROM Metric "
				+ "WHERE appId = 1004 AND realAgentId = '" + second + "' SINCE " + (NOW - 3_600_000) + " UNTIL " + NOW),
				NOW);
		assertThat(one).singleElement().extracting(row -> row.get("hosts")).isEqualTo(1L);
	}

	private static Map<Long, Map<String, Object>> byApplication(List<Map<String, Object>> rows) {
		Map<Long, Map<String, Object>> byId = new HashMap<>();
		rows.forEach(row -> byId.put((Long) row.get("appId"), row));
		return byId;
	}

}
