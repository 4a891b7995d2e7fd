package io.apmreports.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import java.net.http.HttpClient;
import java.time.Clock;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.web.client.RestClient;

import io.apmreports.apm.ApiKey;
import io.apmreports.apm.ApmClient;
import io.apmreports.apm.ApmEndpoint;
import io.apmreports.formula.BreakdownCalculator;
import io.apmreports.formula.MetricNames;
import io.apmreports.range.TimeRange;
import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.sandbox.SandboxServer;
import io.apmreports.staging.ApplicationFigures;
import io.apmreports.staging.FigureStatus;
import io.apmreports.staging.HostFigures;
import io.apmreports.staging.StagedApplication;

/** The processor's requests against the sandbox: one per application, a listing only where a type is missing. */
class FiguresProcessorIntegrationTests {

	private static final TimeRange WEEK = TimeRange.parse("2026-11-09T00:00:00+01:00", "2026-11-16T00:00:00+01:00");

	private SandboxServer sandbox;

	private ApmClient client;

	@BeforeEach
	void start() {
		sandbox = SandboxServer.start(SandboxOptions.demo("key"));
		RestClient rest = RestClient.builder()
			.requestFactory(new JdkClientHttpRequestFactory(HttpClient.newHttpClient()))
			.build();
		client = new ApmClient(rest, new ApmEndpoint(sandbox.baseUrl(), new ApiKey("key")), "X-Api-Key");
	}

	@AfterEach
	void stop() {
		sandbox.close();
	}

	@Test
	void anApplicationWhoseTypesAreAllConfiguredTakesOneRequest() {
		// given Postgres is configured, and application 1004 uses only Postgres
		FiguresProcessor processor = processor(List.of("Postgres"));

		// when
		ApplicationFigures figures = processor.process(staged(1004, "ruby"));

		// then
		assertThat(figures.status()).isEqualTo(FigureStatus.OK);
		assertThat(figures.breakdown().provenance().datastoreTypes()).containsExactly("Postgres");
		assertThat(sandbox.requests().countsByKind()).containsOnly(entry("metric-data", 1L));
	}

	@Test
	void aTypeOutsideTheListIsFoundThroughDatastoreAllWebAndFetched() {
		// given only Postgres is configured, and application 1001 uses Postgres and Redis
		FiguresProcessor processor = processor(List.of("Postgres"));

		// when
		ApplicationFigures figures = processor.process(staged(1001, "java"));

		// then the missing Redis time was noticed, listed once (two pages of five names), and fetched over the
		// same range
		assertThat(figures.breakdown().provenance().datastoreTypes()).containsExactly("Postgres", "Redis");
		assertThat(sandbox.requests().countsByKind()).containsOnly(entry("metric-data", 2L),
				entry("metric-names", 2L));
		ApplicationFigures complete = processor(List.of("Postgres", "Redis")).process(staged(1001, "java"));
		assertThat(figures.breakdown().datastoreMs()).isEqualTo(complete.breakdown().datastoreMs());
	}

	@Test
	void withoutConfiguredTypesEveryApplicationIsListed() {
		ApplicationFigures figures = processor(List.of()).process(staged(1002, "java"));

		assertThat(figures.breakdown().provenance().datastoreTypes()).containsExactly("MongoDB", "MySQL");
		assertThat(sandbox.requests().countsByKind()).containsOnly(entry("metric-data", 1L),
				entry("metric-names", 2L));
	}

	@Test
	void hostsAreAskedForTheTypesTheirApplicationFound() {
		// given Postgres is configured, and application 1001's figures found Redis too
		MetricNames names = MetricNames.defaults();
		HostsProcessor hosts = new HostsProcessor(client, new BreakdownCalculator(names), names, List.of("Postgres"),
				applicationId -> List.of("Postgres", "Redis"), WEEK, Clock.systemUTC());

		// when
		List<HostFigures> figures = hosts.process(staged(1001, "java"));

		// then every host's datastore time sums both types
		assertThat(figures).hasSize(6)
			.allSatisfy(host -> assertThat(host.breakdown().provenance().datastoreTypes())
				.containsExactly("Postgres", "Redis"));
	}

	private FiguresProcessor processor(List<String> types) {
		MetricNames names = MetricNames.defaults();
		return new FiguresProcessor(client, new BreakdownCalculator(names), names, types, WEEK, false, Clock.systemUTC());
	}

	private static StagedApplication staged(long id, String language) {
		return new StagedApplication(id, "app " + id, language, "green", true, 1, 1);
	}

}
