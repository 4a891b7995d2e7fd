package io.apmreports.nrql;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;

import io.apmreports.access.Region;
import io.apmreports.rest.ApmProperties;

/** The settings the NRQL source reads from {@code apm}, as the REST source reads them. */
class NrqlSourceConfigurationTests {

	@Test
	void sharedDefaultsAreTheRestSourcesDefaults() {
		// given no setting at all
		ApmProperties rest = new Binder(new MapConfigurationPropertySource(Map.of("apm.data-dir", "./data")))
			.bindOrCreate("apm", ApmProperties.class);

		// when
		NrqlSourceConfiguration.SharedSettings shared = NrqlSourceConfiguration.shared(new StandardEnvironment());

		// then
		assertThat(shared.datastoreTypes()).isEqualTo(rest.datastoreTypes());
		assertThat(shared.retry().toPolicy()).isEqualTo(rest.retry().toPolicy());
	}

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
	void theKeyFileIsReadFromTheSettingAsAPath() {
		// given the key file as the command line gives it: a string
		StandardEnvironment environment = new StandardEnvironment();
		environment.getPropertySources()
			.addFirst(new MapPropertySource("command line", Map.of("apm.api-key-file", "/run/secrets/apm-key")));

		// then
		assertThat(NrqlSourceConfiguration.keyFile(environment)).isEqualTo(Path.of("/run/secrets/apm-key"));
		assertThat(NrqlSourceConfiguration.keyFile(new StandardEnvironment())).isNull();
	}

}
