package io.apmreports.formula;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

class MetricNamesTests {

	private final MetricNames names = MetricNames.defaults();

	@Test
	void theDefaultsAreTheServicesNamesForWhatTheSpecificationCallsCacheAndOrm() {
		// the vendor's "Get web transaction time data" example names them so; the
		// specification's Cache/allWeb and Orm/all are neutral words the service never
		// reports
		assertThat(names.cache()).isEqualTo("Memcache/allWeb");
		assertThat(names.orm()).isEqualTo("ActiveRecord/all");
		assertThat(names.timingFamily(List.of())).doesNotContain("Cache/allWeb", "Orm/all");
	}

	@Test
	void datastoreTypeIsReadFromPerTypeWebMetricsOnly() {
		assertThat(names.datastoreType("Datastore/Postgres/allWeb")).contains("Postgres");
		assertThat(names.datastoreType("Datastore/allWeb")).isEmpty();
		assertThat(names.datastoreType("Datastore/Postgres/all")).isEmpty();
		assertThat(names.datastoreType("Datastore/statement/Postgres/users/select")).isEmpty();
	}

	@Test
	void timingFamilyAsksForEveryNameOnceWithSortedDatastoreTypes() {
		List<String> family = names.timingFamily(List.of("Redis", "MySQL"));

		assertThat(family).containsExactly("HttpDispatcher", "WebTransactionTotalTime", "WebFrontend/QueueTime",
				"OtherTransaction/all", "Database/allWeb", "ActiveRecord/all", "Memcache/allWeb", "External/allWeb",
				"Datastore/allWeb", "Datastore/MySQL/allWeb", "Datastore/Redis/allWeb");
	}

}
