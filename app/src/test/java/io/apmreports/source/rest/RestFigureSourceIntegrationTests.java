package io.apmreports.source.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.entry;

import java.net.http.HttpClient;
import java.time.Clock;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.LongStream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.web.client.RestClient;

import io.apmreports.formula.BreakdownCalculator;
import io.apmreports.formula.MetricNames;
import io.apmreports.range.TimeRange;
import io.apmreports.sandbox.Faults;
import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.sandbox.SandboxServer;
import io.apmreports.source.ApplicationFigures;
import io.apmreports.source.FigureSource.Progress;
import io.apmreports.source.FigureStatus;
import io.apmreports.source.HostFigures;
import io.apmreports.source.PartNotFetched;
import io.apmreports.source.StagedApplication;
import io.apmreports.source.TrendSlice;
import io.apmreports.source.access.ApiKey;
import io.apmreports.source.rest.client.ApmClient;
import io.apmreports.source.rest.client.ApmEndpoint;
import io.apmreports.source.rest.client.ApmException;

/**
 * The REST source's requests against the sandbox: one per application, a listing only
 * where a type is missing, a chunk's applications side by side, and a series that could
 * not be fetched named, never empty.
 */
class RestFigureSourceIntegrationTests {

	private static final TimeRange WEEK = TimeRange.parse("2026-11-09T00:00:00+01:00", "2026-11-16T00:00:00+01:00");

	private SandboxServer sandbox;

	private ApmClient client;

	private RestFigureSource source;

	@BeforeEach
	void start() {
		sandbox = SandboxServer.start(SandboxOptions.demo("key"));
		client = client("key");
	}

	@AfterEach
	void stop() {
		if (source != null) {
			source.close();
		}
		sandbox.close();
	}

	@Test
	void anApplicationWhoseTypesAreAllConfiguredTakesOneRequest() {
		// given Postgres is configured, and application 1004 uses only Postgres
		source = source(client, List.of("Postgres"), 1);

		// when
		ApplicationFigures figures = figures(staged(1004, "ruby"));

		// then
		assertThat(figures.status()).isEqualTo(FigureStatus.OK);
		assertThat(figures.breakdown().provenance().datastoreTypes()).containsExactly("Postgres");
		assertThat(sandbox.requests().countsByKind()).containsOnly(entry("metric-data", 1L));
	}

	@Test
	void aTypeOutsideTheListIsFoundThroughDatastoreAllWebAndFetched() {
		// given only Postgres is configured, and application 1001 uses Postgres and Redis
		source = source(client, List.of("Postgres"), 1);

		// when
		ApplicationFigures figures = figures(staged(1001, "java"));

		// then the missing Redis time was noticed, listed once (two pages of five names),
		// and fetched over the same range
		assertThat(figures.breakdown().provenance().datastoreTypes()).containsExactly("Postgres", "Redis");
		assertThat(sandbox.requests().countsByKind()).containsOnly(entry("metric-data", 2L), entry("metric-names", 2L));
		source.close();
		source = source(client, List.of("Postgres", "Redis"), 1);
		ApplicationFigures complete = figures(staged(1001, "java"));
		assertThat(figures.breakdown().datastoreMs()).isEqualTo(complete.breakdown().datastoreMs());
	}

	@Test
	void withoutConfiguredTypesEveryApplicationIsListed() {
		source = source(client, List.of(), 1);

		ApplicationFigures figures = figures(staged(1002, "java"));

		assertThat(figures.breakdown().provenance().datastoreTypes()).containsExactly("MongoDB", "MySQL");
		assertThat(sandbox.requests().countsByKind()).containsOnly(entry("metric-data", 1L), entry("metric-names", 2L));
	}

	@Test
	void hostsAreAskedForTheTypesTheirApplicationFound() {
		// given Postgres is configured, and application 1001's figures found Redis too
		source = source(client, List.of("Postgres"), 1);

		// when
		List<HostFigures> figures = source.hosts(List.of(staged(1001, "java")), WEEK,
				applicationId -> List.of("Postgres", "Redis"));

		// then every host's datastore time sums both types
		assertThat(figures).hasSize(6)
			.allSatisfy(host -> assertThat(host.breakdown().provenance().datastoreTypes()).containsExactly("Postgres",
					"Redis"));
	}

	@Test
	void aChunkIsFetchedSideBySideAndAnsweredInItsOrder() {
		// given the demo's thirteen applications, fetched four at a time
		source = source(client, List.of("Postgres"), 4);
		List<StagedApplication> chunk = LongStream.rangeClosed(1001, 1013)
			.map(id -> 2014 - id)
			.mapToObj(id -> staged(id, "java"))
			.toList();
		Set<String> threads = ConcurrentHashMap.newKeySet();
		Set<Long> told = ConcurrentHashMap.newKeySet();

		// when
		List<ApplicationFigures> figures = source.figures(chunk, WEEK, true, application -> {
			threads.add(Thread.currentThread().getName());
			told.add(application.id());
		});

		// then every application is answered once, in the chunk's order, and told as done
		// on a fetch thread
		assertThat(figures).extracting(ApplicationFigures::applicationId)
			.containsExactlyElementsOf(chunk.stream().map(StagedApplication::id).toList());
		assertThat(told).hasSize(13);
		assertThat(threads).isNotEmpty().allSatisfy(name -> assertThat(name).startsWith("fetch-"));
		assertThat(threads.size()).isLessThanOrEqualTo(4);
	}

	@Test
	void aRefusedKeyStopsTheChunkWithTheClientsOwnFailure() {
		// given a key the service refuses
		source = source(client("wrong-key"), List.of("Postgres"), 4);
		List<StagedApplication> chunk = List.of(staged(1001, "java"), staged(1002, "java"), staged(1003, "java"));

		// then the step gets the failure as the client threw it, so that the run says
		// what it says
		assertThatExceptionOfType(ApmException.Authentication.class)
			.isThrownBy(() -> source.figures(chunk, WEEK, false, Progress.NONE));
	}

	@Test
	void aRefusedSeriesFailsNamingItsApplicationNeverAnEmptySeries() {
		// given a service refusing the series of application 1004 (a client error: not
		// tried again)
		sandbox.close();
		sandbox = SandboxServer
			.start(SandboxOptions.demo("key").withFaults(Faults.none().withRefusedSeries(422, 1004)));
		source = source(client("key"), List.of("Postgres"), 4);
		List<StagedApplication> chunk = List.of(staged(1001, "java"), staged(1004, "ruby"), staged(1006, "java"));

		// when the chunk's series are asked, then the refused one is named with the
		// service's answer
		assertThatExceptionOfType(PartNotFetched.class).isThrownBy(() -> source.trends(chunk, WEEK))
			.withMessageStartingWith("the trend could not be fetched for application app 1004 (1004): GET "
					+ "/v2/applications/1004/metrics/data.json answered 422 (");
		assertThat(sandbox.requests().refused()).isEqualTo(1);
	}

	@Test
	void anApplicationDeletedBeforeItsSeriesHasAnEmptyOne() {
		// given application 1004 deleted: it answers 404
		sandbox.close();
		sandbox = SandboxServer.start(SandboxOptions.demo("key").withVanishedApplicationIds(Set.of(1004L)));
		source = source(client("key"), List.of("Postgres"), 4);

		// when its series is asked, then it has none, as a relaunch would find too
		assertThat(source.trends(List.of(staged(1004, "ruby")), WEEK)).containsExactly(TrendSlice.none(1004));
	}

	private ApplicationFigures figures(StagedApplication application) {
		return source.figures(List.of(application), WEEK, false, Progress.NONE).get(0);
	}

	private ApmClient client(String key) {
		RestClient rest = RestClient.builder()
			.requestFactory(new JdkClientHttpRequestFactory(HttpClient.newHttpClient()))
			.build();
		return new ApmClient(rest, new ApmEndpoint(sandbox.baseUrl(), new ApiKey(key)), "X-Api-Key");
	}

	private static RestFigureSource source(ApmClient client, List<String> types, int concurrency) {
		MetricNames names = MetricNames.defaults();
		return new RestFigureSource(client, new BreakdownCalculator(names), names, types, Clock.systemUTC(),
				concurrency);
	}

	private static StagedApplication staged(long id, String language) {
		return new StagedApplication(id, "app " + id, language, "green", true, 1, 1);
	}

}
