package io.apmreports.source.nrql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.net.http.HttpClient;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.web.client.RestClient;

import io.apmreports.definition.ApplicationFilter;
import io.apmreports.formula.Breakdown;
import io.apmreports.formula.BreakdownCalculator;
import io.apmreports.formula.MetricNames;
import io.apmreports.range.TimeRange;
import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.sandbox.SandboxServer;
import io.apmreports.source.ApplicationFigures;
import io.apmreports.source.FigureSource.Progress;
import io.apmreports.source.FigureSource;
import io.apmreports.source.HostFigures;
import io.apmreports.source.SlaFigures;
import io.apmreports.source.StagedApplication;
import io.apmreports.source.TrendSlice;
import io.apmreports.source.access.ApiKey;
import io.apmreports.source.access.RequestPacer;
import io.apmreports.source.access.RetryPolicy;
import io.apmreports.source.rest.RestFigureSource;
import io.apmreports.source.rest.client.ApmClient;
import io.apmreports.source.rest.client.ApmEndpoint;

/**
 * The NRQL source and the REST source over the sandbox's one account answer the same
 * report, figure for figure (to 1e-9), status for status. Needs the sandbox's NerdGraph
 * face ({@code /graphql}, account 1234567 for the demo account).
 */
class NrqlFigureSourceIntegrationTests {

	private static final TimeRange WEEK = TimeRange.parse("2026-11-09T00:00:00+01:00", "2026-11-16T00:00:00+01:00");

	private static final List<String> TYPES = List.of("Postgres");

	private SandboxServer sandbox;

	private NrqlFigureSource nrql;

	private RestFigureSource rest;

	@BeforeEach
	void start() {
		sandbox = SandboxServer.start(SandboxOptions.demo("key"));
		MetricNames names = MetricNames.defaults();
		NerdGraphEndpoint endpoint = new NerdGraphEndpoint(sandbox.baseUrl().resolve("/graphql"), new ApiKey("key"),
				1234567L);
		NerdGraphClient client = new NerdGraphClient(
				NerdGraphClient.restClient(RestClient.builder(), endpoint.graphqlUrl(), Duration.ofSeconds(5),
						Duration.ofSeconds(60)),
				endpoint, RetryPolicy.none(), RequestPacer.unlimited(), 5, Duration.ofSeconds(60));
		nrql = new NrqlFigureSource(client, new BreakdownCalculator(names), names, TYPES, 5000, 5, Clock.systemUTC());
		RestClient restClient = RestClient.builder()
			.requestFactory(new JdkClientHttpRequestFactory(HttpClient.newHttpClient()))
			.build();
		rest = new RestFigureSource(
				new ApmClient(restClient, new ApmEndpoint(sandbox.baseUrl(), new ApiKey("key")), "X-Api-Key"),
				new BreakdownCalculator(names), names, TYPES, Clock.systemUTC(), 4);
	}

	@AfterEach
	void stop() {
		nrql.close();
		rest.close();
		sandbox.close();
	}

	@Test
	void bothSourcesListTheSameApplications() {
		List<StagedApplication> byNrql = list(nrql);
		List<StagedApplication> byRest = list(rest);

		// then the same applications, but for the link to each one's page, which only
		// NerdGraph gives
		assertThat(byNrql).isNotEmpty()
			.allSatisfy(application -> assertThat(application.link())
				.startsWith("https://one.newrelic.com/redirect/entity/"));
		assertThat(byRest).allSatisfy(application -> assertThat(application.link()).isNull());
		assertThat(sorted(withoutLinks(byNrql))).isEqualTo(sorted(byRest));
		// instances included for agents other than Java's, which set no instanceName
		assertThat(byNrql).anyMatch(application -> !application.language().equals("java")
				&& application.instanceCount() == application.hostCount() && application.instanceCount() > 0);
	}

	private static List<StagedApplication> withoutLinks(List<StagedApplication> applications) {
		return applications.stream()
			.map(a -> new StagedApplication(a.id(), a.name(), a.language(), a.healthStatus(), a.reporting(),
					a.hostCount(), a.instanceCount()))
			.toList();
	}

	@Test
	void bothSourcesAnswerTheSameFiguresAndStatuses() {
		List<StagedApplication> chunk = list(rest);

		List<ApplicationFigures> byNrql = nrql.figures(chunk, WEEK, true, Progress.NONE);
		List<ApplicationFigures> byRest = rest.figures(chunk, WEEK, true, Progress.NONE);

		assertThat(byNrql).hasSameSizeAs(byRest);
		for (int i = 0; i < byRest.size(); i++) {
			ApplicationFigures expected = byRest.get(i);
			ApplicationFigures actual = byNrql.get(i);
			assertThat(actual.applicationId()).isEqualTo(expected.applicationId());
			assertThat(actual.status()).isEqualTo(expected.status());
			assertThat(actual.statusDetail()).isEqualTo(expected.statusDetail());
			assertSame(actual.apdexScore(), expected.apdexScore());
			assertSame(actual.errorRate(), expected.errorRate());
			assertSame(actual.callVolume(), expected.callVolume());
			assertSame(actual.breakdown(), expected.breakdown());
		}
		assertThat(nrql.requests().total()).isLessThan(rest.requests().total());
	}

	@Test
	void bothSourcesAnswerTheSameSlaFiguresOfAMonth() {
		// given every application, over October 2026
		List<StagedApplication> chunk = list(rest);
		TimeRange october = TimeRange.parse("2026-10-01T00:00:00Z", "2026-11-01T00:00:00Z");

		// when
		List<SlaFigures> byNrql = nrql.sla(chunk, october);
		List<SlaFigures> byRest = rest.sla(chunk, october);

		// then the same figures, application for application, and an application that
		// served requests has its Apdex shares, which add up to 1
		assertThat(byNrql).hasSameSizeAs(byRest);
		assertThat(byRest).anySatisfy(figures -> assertThat(figures.webCalls()).isPositive());
		for (int i = 0; i < byRest.size(); i++) {
			SlaFigures expected = byRest.get(i);
			SlaFigures actual = byNrql.get(i);
			assertThat(actual.applicationId()).isEqualTo(expected.applicationId());
			assertSame(actual.webCalls(), expected.webCalls());
			assertSame(actual.apdexScore(), expected.apdexScore());
			assertSame(actual.satisfied(), expected.satisfied());
			assertSame(actual.tolerating(), expected.tolerating());
			assertSame(actual.frustrated(), expected.frustrated());
			assertSame(actual.errorRate(), expected.errorRate());
			if (expected.satisfied() != null) {
				assertThat(expected.satisfied() + expected.tolerating() + expected.frustrated()).isCloseTo(1.0,
						within(1e-9));
			}
		}
		assertThat(byRest).anySatisfy(figures -> assertThat(figures.satisfied()).isNotNull());
	}

	@Test
	void bothSourcesAnswerTheSameHostsByName() {
		List<StagedApplication> chunk = list(rest);

		List<HostFigures> byNrql = nrql.hosts(chunk, WEEK, id -> TYPES);
		List<HostFigures> byRest = rest.hosts(chunk, WEEK, id -> TYPES);

		Comparator<HostFigures> order = Comparator.comparingLong(HostFigures::applicationId)
			.thenComparing(host -> host.hostName() == null ? "" : host.hostName());
		List<HostFigures> nrqlSorted = byNrql.stream().sorted(order).toList();
		List<HostFigures> restSorted = byRest.stream().sorted(order).toList();
		assertThat(nrqlSorted).hasSameSizeAs(restSorted);
		for (int i = 0; i < restSorted.size(); i++) {
			assertThat(nrqlSorted.get(i).hostName()).isEqualTo(restSorted.get(i).hostName());
			assertThat(nrqlSorted.get(i).status()).isEqualTo(restSorted.get(i).status());
			assertSame(nrqlSorted.get(i).callVolume(), restSorted.get(i).callVolume());
			assertSame(nrqlSorted.get(i).breakdown(), restSorted.get(i).breakdown());
		}
	}

	@Test
	void bothSourcesAnswerTheSameSeries() {
		List<StagedApplication> chunk = list(rest);

		List<TrendSlice> byNrql = nrql.trends(chunk, WEEK);
		List<TrendSlice> byRest = rest.trends(chunk, WEEK);

		assertThat(byNrql).hasSameSizeAs(byRest);
		for (int i = 0; i < byRest.size(); i++) {
			assertThat(byNrql.get(i).applicationId()).isEqualTo(byRest.get(i).applicationId());
			assertThat(byNrql.get(i).slice()).isEqualTo(byRest.get(i).slice());
			assertThat(instant(byNrql.get(i))).isEqualTo(instant(byRest.get(i)));
			assertSame(byNrql.get(i).responseTimeMs(), byRest.get(i).responseTimeMs());
			assertSame(byNrql.get(i).throughputRpm(), byRest.get(i).throughputRpm());
		}
	}

	@Test
	void keyTransactionsAreListedWithTheirApplications() {
		assertThat(nrql.keyTransactions()).extracting(kt -> kt.id() + " " + kt.applicationId() + " " + kt.name())
			.containsExactlyInAnyOrderElementsOf(rest.keyTransactions()
				.stream()
				.map(kt -> kt.id() + " " + kt.applicationId() + " " + kt.name())
				.toList());
	}

	private static List<StagedApplication> list(FigureSource source) {
		List<StagedApplication> applications = new ArrayList<>();
		source.applications(ApplicationFilter.all()).forEachRemaining(applications::add);
		return applications;
	}

	private static List<StagedApplication> sorted(List<StagedApplication> applications) {
		return applications.stream().sorted(Comparator.comparingLong(StagedApplication::id)).toList();
	}

	private static Object instant(TrendSlice slice) {
		return slice.from() == null ? null : List.of(slice.from().toInstant(), slice.to().toInstant());
	}

	private static void assertSame(Breakdown actual, Breakdown expected) {
		if (expected == null) {
			assertThat(actual).isNull();
			return;
		}
		assertSame(actual.throughputRpm(), expected.throughputRpm());
		assertSame(actual.nonWebThroughputRpm(), expected.nonWebThroughputRpm());
		assertSame(actual.responseTimeMs(), expected.responseTimeMs());
		assertSame(actual.requestQueuingMs(), expected.requestQueuingMs());
		assertSame(actual.webTransactionTimeMs(), expected.webTransactionTimeMs());
		assertSame(actual.applicationTimeMs(), expected.applicationTimeMs());
		assertSame(actual.datastoreMs(), expected.datastoreMs());
		assertSame(actual.databaseMs(), expected.databaseMs());
		assertSame(actual.rubyDatabaseMs(), expected.rubyDatabaseMs());
		assertSame(actual.externalMs(), expected.externalMs());
		assertSame(actual.cacheMs(), expected.cacheMs());
		assertThat(actual.provenance()).isEqualTo(expected.provenance());
	}

	private static void assertSame(Double actual, Double expected) {
		if (expected == null) {
			assertThat(actual).isNull();
		}
		else {
			assertThat(actual).isCloseTo(expected, within(1e-9 * Math.max(1, Math.abs(expected))));
		}
	}

}
