package io.apmreports.source.nrql;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

import io.apmreports.source.SourceProperties;
import io.apmreports.source.access.Region;

/** The NRQL source's settings. */
class NrqlSourceConfigurationTests {

	@Test
	void theRegionsUrlIsTakenOnlyWithoutAnExplicitOne() {
		NrqlProperties none = new Binder(new MapConfigurationPropertySource(Map.of())).bindOrCreate("apm.nrql",
				NrqlProperties.class);
		NrqlProperties given = new Binder(
				new MapConfigurationPropertySource(Map.of("apm.nrql.graphql-url", "https://nerdgraph.example/graphql")))
			.bindOrCreate("apm.nrql", NrqlProperties.class);

		assertThat(none.graphqlUrlOr(Region.EU.graphqlUrl())).hasToString("https://api.eu.newrelic.com/graphql");
		assertThat(given.graphqlUrlOr(Region.EU.graphqlUrl())).hasToString("https://nerdgraph.example/graphql");
		assertThat(none.maxFacets()).isEqualTo(5000);
		assertThat(none.rateLimit()).isEqualTo(3000);
		assertThat(none.concurrency()).isEqualTo(5);
		assertThat(none.timeout()).hasSeconds(60);
	}

	@Test
	void withoutItsOwnUrlNerdGraphIsTheOneOfTheRestAddressGiven() {
		// given no NerdGraph URL, and a REST address of one's own (with a trailing slash)
		NrqlProperties none = new Binder(new MapConfigurationPropertySource(Map.of())).bindOrCreate("apm.nrql",
				NrqlProperties.class);
		NrqlProperties given = new Binder(
				new MapConfigurationPropertySource(Map.of("apm.nrql.graphql-url", "https://nerdgraph.example/graphql")))
			.bindOrCreate("apm.nrql", NrqlProperties.class);
		URI own = URI.create("http://127.0.0.1:8080/");

		// when / then its /graphql is NerdGraph's, as each region's is; a URL given
		// still wins
		assertThat(none.graphqlUrlOr(own, Region.US.graphqlUrl())).hasToString("http://127.0.0.1:8080/graphql");
		assertThat(given.graphqlUrlOr(own, Region.US.graphqlUrl())).hasToString("https://nerdgraph.example/graphql");
		for (Region region : Region.values()) {
			assertThat(none.graphqlUrlOr(region.restUrl(), region.graphqlUrl())).isEqualTo(region.graphqlUrl());
		}
	}

	@Test
	void theKeyFileIsReadFromTheSettingAsAPath() {
		// given the key file as the command line gives it: a string
		SourceProperties given = new Binder(
				new MapConfigurationPropertySource(Map.of("apm.api-key-file", "/run/secrets/apm-key")))
			.bindOrCreate("apm", SourceProperties.class);
		SourceProperties none = new Binder(new MapConfigurationPropertySource(Map.of())).bindOrCreate("apm",
				SourceProperties.class);

		// then both sources find it as a path
		assertThat(given.apiKeyFile()).isEqualTo(Path.of("/run/secrets/apm-key"));
		assertThat(none.apiKeyFile()).isNull();
	}

}
