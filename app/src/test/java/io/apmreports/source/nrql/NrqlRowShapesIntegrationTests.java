package io.apmreports.source.nrql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.net.http.HttpClient;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.web.client.RestClient;

import io.apmreports.definition.ApplicationFilter;
import io.apmreports.formula.BreakdownCalculator;
import io.apmreports.formula.MetricNames;
import io.apmreports.range.TimeRange;
import io.apmreports.sandbox.NrqlShapes;
import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.sandbox.SandboxServer;
import io.apmreports.source.ApplicationFigures;
import io.apmreports.source.FigureSource.Progress;
import io.apmreports.source.KeyTransaction;
import io.apmreports.source.StagedApplication;
import io.apmreports.source.access.ApiKey;
import io.apmreports.source.access.RequestPacer;
import io.apmreports.source.access.RetryPolicy;
import io.apmreports.source.rest.RestFigureSource;
import io.apmreports.source.rest.client.ApmClient;
import io.apmreports.source.rest.client.ApmEndpoint;

/**
 * Whatever shape the service writes {@code apdex()} and facet values in, the NRQL source
 * reads the same Apdex scores as REST: the sandbox answers in each shape
 * ({@link NrqlShapes}), and the figures of a week are compared, application by
 * application, to 1e-9.
 */
class NrqlRowShapesIntegrationTests {

	private static final TimeRange WEEK = TimeRange.parse("2026-11-09T00:00:00+01:00", "2026-11-16T00:00:00+01:00");

	private static final List<String> TYPES = List.of("Postgres");

	private static final String KEY = "shapes-key";

	static List<NrqlShapes> shapes() {
		List<NrqlShapes> shapes = new ArrayList<>();
		for (NrqlShapes.ApdexShape apdex : NrqlShapes.ApdexShape.values()) {
			for (NrqlShapes.FacetValues facetValues : NrqlShapes.FacetValues.values()) {
				shapes.add(new NrqlShapes(apdex, facetValues));
			}
		}
		return shapes;
	}

	@ParameterizedTest
	@MethodSource("shapes")
	void theApdexScoresAreRestsInEveryShape(NrqlShapes shapes) {
		try (SandboxServer sandbox = SandboxServer.start(SandboxOptions.demo(KEY).withNrqlShapes(shapes));
				NrqlFigureSource nrql = nrql(sandbox);
				RestFigureSource rest = rest(sandbox)) {
			// given every application of the demo account
			List<StagedApplication> chunk = new ArrayList<>();
			rest.applications(ApplicationFilter.all()).forEachRemaining(chunk::add);

			// when both sources figure a week
			List<ApplicationFigures> byNrql = nrql.figures(chunk, WEEK, true, Progress.NONE);
			List<ApplicationFigures> byRest = rest.figures(chunk, WEEK, true, Progress.NONE);

			// then every application has REST's status and Apdex score, and some have one
			assertThat(byNrql).hasSameSizeAs(byRest);
			for (int i = 0; i < byRest.size(); i++) {
				ApplicationFigures expected = byRest.get(i);
				ApplicationFigures actual = byNrql.get(i);
				assertThat(actual.applicationId()).isEqualTo(expected.applicationId());
				assertThat(actual.status()).as(actual.statusDetail()).isEqualTo(expected.status());
				if (expected.apdexScore() == null) {
					assertThat(actual.apdexScore()).isNull();
				}
				else {
					assertThat(actual.apdexScore()).as("application " + expected.applicationId())
						.isCloseTo(expected.apdexScore(), within(1e-9));
				}
			}
			assertThat(byRest).filteredOn(figures -> figures.apdexScore() != null).isNotEmpty();
		}
	}

	@ParameterizedTest
	@MethodSource("shapes")
	void keyTransactionSummariesReadTheirApdexInEveryShape(NrqlShapes shapes) {
		try (SandboxServer sandbox = SandboxServer.start(SandboxOptions.demo(KEY).withNrqlShapes(shapes));
				NrqlFigureSource nrql = nrql(sandbox)) {
			// when the key transactions are listed with their rolling summaries, whose
			// query puts the timing family and Apdex in one row
			List<KeyTransaction> keyTransactions = nrql.keyTransactions();

			// then each summary has an Apdex score beside its own calls' figures
			List<KeyTransaction> summarized = keyTransactions.stream().filter(kt -> kt.summary() != null).toList();
			assertThat(summarized).isNotEmpty()
				.allSatisfy(kt -> assertThat(kt.summary().apdexScore()).as(kt.name()).isBetween(0.0, 1.0));
			assertThat(summarized).allSatisfy(kt -> assertThat(kt.summary().throughput()).isNotNull());
		}
	}

	private static NrqlFigureSource nrql(SandboxServer sandbox) {
		MetricNames names = MetricNames.defaults();
		NerdGraphEndpoint endpoint = new NerdGraphEndpoint(sandbox.graphqlUrl(), new ApiKey(KEY),
				sandbox.options().accountId());
		NerdGraphClient client = new NerdGraphClient(
				NerdGraphClient.restClient(RestClient.builder(), endpoint.graphqlUrl(), Duration.ofSeconds(5),
						Duration.ofSeconds(60)),
				endpoint, RetryPolicy.none(), RequestPacer.unlimited(), 5, Duration.ofSeconds(60));
		return new NrqlFigureSource(client, new BreakdownCalculator(names), names, TYPES, 5000, 5, Clock.systemUTC());
	}

	private static RestFigureSource rest(SandboxServer sandbox) {
		MetricNames names = MetricNames.defaults();
		RestClient restClient = RestClient.builder()
			.requestFactory(new JdkClientHttpRequestFactory(HttpClient.newHttpClient()))
			.build();
		return new RestFigureSource(
				new ApmClient(restClient, new ApmEndpoint(sandbox.baseUrl(), new ApiKey(KEY)), "X-Api-Key"),
				new BreakdownCalculator(names), names, TYPES, Clock.systemUTC(), 4);
	}

}
