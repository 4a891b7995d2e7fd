package io.apmreports.source.nrql;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.web.client.RestClient;

import io.apmreports.definition.ApplicationFilter;
import io.apmreports.formula.BreakdownCalculator;
import io.apmreports.formula.MetricNames;
import io.apmreports.range.TimeRange;
import io.apmreports.sandbox.NerdGraphLimits;
import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.sandbox.SandboxServer;
import io.apmreports.sandbox.SyntheticAccount;
import io.apmreports.source.ApplicationFigures;
import io.apmreports.source.FigureSource.Progress;
import io.apmreports.source.FigureStatus;
import io.apmreports.source.Figuring;
import io.apmreports.source.StagedApplication;
import io.apmreports.source.TrendSlice;
import io.apmreports.source.access.ApiKey;
import io.apmreports.source.access.RequestPacer;
import io.apmreports.source.access.RetryPolicy;

/**
 * Answers a sandbox cuts at its facet limit of 50, silently as the service does, are
 * split and asked again until none is cut: a chunk's series (a row for each facet and
 * bucket, only the facets counting against the limit) and its figures come out as they do
 * from a sandbox with the service's limit. The chunk is asked as one part, larger than
 * the source's sizing makes its parts: sized under the limit it is told, the source never
 * meets a cut series itself, so a cut is met only by an answer holding more facets than
 * foreseen.
 */
class CutAnswersIntegrationTests {

	private static final TimeRange WEEK = TimeRange.parse("2026-11-09T00:00:00+01:00", "2026-11-16T00:00:00+01:00");

	private static final String KEY = "cut-answers-key";

	private static final int LIMIT = 50;

	/** 80 series facets, two names each: more than the limit, fewer than twice it. */
	private static final int APPLICATIONS = 40;

	private static final List<String> TYPES = List.of("Postgres");

	private final MetricNames names = MetricNames.defaults();

	private Face service;

	private Face fifty;

	private List<StagedApplication> chunk;

	@BeforeEach
	void start() {
		service = Face.start(NerdGraphLimits.service(), NerdGraphLimits.MAX_FACETS);
		fifty = Face.start(NerdGraphLimits.service().withFacetLimit(LIMIT), LIMIT);
		try (NrqlFigureSource source = new NrqlFigureSource(service.client(), new BreakdownCalculator(names), names,
				TYPES, NerdGraphLimits.MAX_FACETS, 1, Clock.systemUTC())) {
			chunk = new ArrayList<>();
			source.applications(ApplicationFilter.all()).forEachRemaining(chunk::add);
		}
		service.sandbox().requests().reset();
	}

	@AfterEach
	void stop() {
		service.sandbox().close();
		fifty.sandbox().close();
	}

	@Test
	void aCutSeriesIsSplitAndAskedAgainUntilEveryFacetComes() {
		// given a chunk of 40 applications, 80 facets by 168 hourly buckets
		assertThat(chunk).hasSize(APPLICATIONS);

		// when its series are asked in one query of each sandbox
		List<TrendSlice> whole = new ChunkTrends(service.queries(), names).trends(chunk, WEEK);
		List<TrendSlice> split = new ChunkTrends(fifty.queries(), names).trends(chunk, WEEK);

		// then the sandbox of the service's limit answered at once; the other cut the
		// answer at 50 facets (8,400 rows), which was asked again in two halves of 40
		// facets each, none of them cut; and every slice is the same
		assertThat(service.sandbox().requests().seriesRequests()).isOne();
		assertThat(service.sandbox().requests().cutAnswers()).isZero();
		assertThat(fifty.sandbox().requests().seriesRequests()).isEqualTo(3);
		assertThat(fifty.sandbox().requests().cutAnswers()).isOne();
		assertThat(whole).hasSize(APPLICATIONS * 168).noneMatch(slice -> slice.from() == null);
		assertThat(split).isEqualTo(whole);
	}

	@Test
	void cutFiguresAreSplitAndAskedAgainUntilEveryFacetComes() {
		// given the same chunk's figures, with their Apdex and errors
		Figuring figuring = new Figuring(new BreakdownCalculator(names), names);

		// when they are asked of each sandbox in one part
		List<ApplicationFigures> whole = new ChunkFigures(service.queries(), figuring, names, TYPES).figures(chunk,
				WEEK, true, Progress.NONE);
		List<ApplicationFigures> split = new ChunkFigures(fifty.queries(), figuring, names, TYPES).figures(chunk, WEEK,
				true, Progress.NONE);

		// then each cut answer was asked again in two halves, until none was cut, and
		// every application has the same figures
		long cut = fifty.sandbox().requests().cutAnswers();
		assertThat(service.sandbox().requests().cutAnswers()).isZero();
		assertThat(cut).isPositive();
		assertThat(fifty.sandbox().requests().count("graphql"))
			.isGreaterThanOrEqualTo(service.sandbox().requests().count("graphql") + 2 * cut);
		assertThat(whole).hasSize(APPLICATIONS).allMatch(figures -> figures.status() == FigureStatus.OK);
		assertThat(split).isEqualTo(whole);
	}

	/**
	 * A sandbox of the generated account under its limits, and queries told the most
	 * facets an answer holds.
	 */
	private record Face(SandboxServer sandbox, NerdGraphClient client, FacetQueries queries) {

		static Face start(NerdGraphLimits limits, int maxFacets) {
			SandboxServer sandbox = SandboxServer
				.start(new SandboxOptions(0, KEY, 200, SyntheticAccount.generated(APPLICATIONS, 1))
					.withNerdGraphLimits(limits));
			NerdGraphEndpoint endpoint = new NerdGraphEndpoint(sandbox.graphqlUrl(), new ApiKey(KEY),
					sandbox.options().accountId());
			NerdGraphClient client = new NerdGraphClient(
					NerdGraphClient.restClient(RestClient.builder(), endpoint.graphqlUrl(), Duration.ofSeconds(5),
							Duration.ofSeconds(60)),
					endpoint, RetryPolicy.none(), RequestPacer.unlimited(), 5, Duration.ofSeconds(60));
			return new Face(sandbox, client, new FacetQueries(client, maxFacets));
		}

	}

}
