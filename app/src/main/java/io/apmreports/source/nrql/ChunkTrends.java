package io.apmreports.source.nrql;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.apmreports.formula.MetricNames;
import io.apmreports.range.SeriesSlices;
import io.apmreports.range.TimeRange;
import io.apmreports.source.Figuring;
import io.apmreports.source.PartNotFetched;
import io.apmreports.source.StagedApplication;
import io.apmreports.source.TrendSlice;
import io.apmreports.source.nrql.FacetQueries.Answer;
import io.apmreports.source.nrql.FacetQueries.Part;

/**
 * The series of a part of a chunk in one {@code TIMESERIES} query of web transactions and
 * request queuing, sliced as REST v2 slices the same range. A part the service refused,
 * or whose answer cannot be read, fails with a {@link PartNotFetched} naming its
 * applications; an application without rows has an empty series.
 */
final class ChunkTrends {

	private static final List<String> BY_NAME = List.of(Nrql.APP_ID, Nrql.NAME);

	/** The part a failure names. */
	private static final String TREND = "the trend";

	private static final String BEGIN = "beginTimeSeconds";

	private static final String END = "endTimeSeconds";

	private final FacetQueries queries;

	private final MetricNames names;

	ChunkTrends(FacetQueries queries, MetricNames names) {
		this.queries = queries;
		this.names = names;
	}

	/**
	 * The facets each application is expected to answer: one for each of its two names,
	 * whatever the range. The buckets do not count against the facet limit: a recorded
	 * answer of the live service to {@code ... FACET x LIMIT 3 TIMESERIES 1 hour} over 6
	 * hours held 18 rows, 3 facets by 6 buckets (gripinvest/gi-analytics, notes on
	 * {@code backend/tests/fixtures/new_relic/Q1_timeseries_response.json}), so LIMIT
	 * caps the facets and every bucket of a kept facet comes.
	 */
	static final int FACETS_PER_APPLICATION = 2;

	/**
	 * The rows a series answer holds at most, for the heap rather than for the service:
	 * the client holds whole answers, several at once. In the recommended 192 MB, a
	 * benchmark chunk's series in one answer (320 applications by 2 names by 168 hourly
	 * buckets, 107,520 rows) took about 160 full collections and a quarter more report
	 * CPU than answers of 4,704 rows (about 40); answers within 10,000 rows, about 70 and
	 * about 5% more, in 28% fewer queries (docs/performance.md, Benchmark).
	 */
	static final int ROWS_PER_ANSWER = 10_000;

	/**
	 * The applications one series query asks: their facets under the facet limit,
	 * strictly, since an answer with as many facets as the limit cannot be told from a
	 * cut one and would be asked again; and their rows, facets by buckets, within
	 * {@link #ROWS_PER_ANSWER}. At least one.
	 */
	static int applicationsPerQuery(TimeRange range, int maxFacets) {
		long underTheLimit = (maxFacets - 1) / FACETS_PER_APPLICATION;
		long withinTheRows = ROWS_PER_ANSWER / (FACETS_PER_APPLICATION * SliceLengths.buckets(range));
		return (int) Math.max(1, Math.min(underTheLimit, withinTheRows));
	}

	/** {@code TIMESERIES <n> minutes}, REST's slice for the range. */
	static String timeseries(TimeRange range) {
		return "TIMESERIES " + SeriesSlices.minutes(SliceLengths.rangeMinutes(range)) + " minutes";
	}

	List<TrendSlice> trends(List<StagedApplication> applications, TimeRange range) {
		String window = Nrql.window(range) + " " + timeseries(range);
		Answer answer;
		try {
			answer = queries.askByName(Nrql.TIMING, new Part(applications.stream().map(StagedApplication::id).toList(),
					List.of(names.httpDispatcher(), names.queueTime())), BY_NAME, window);
		}
		catch (NerdGraphException.Transient ex) {
			throw new PartNotFetched(TREND, PartNotFetched.applications(applications), ex);
		}
		// a part refused or unreadable is named, never staged as an empty series: that
		// would read as applications without traffic
		List<StagedApplication> failed = applications.stream()
			.filter(application -> answer.failures().containsKey(application.id()))
			.toList();
		if (!failed.isEmpty()) {
			throw new PartNotFetched(TREND, PartNotFetched.applications(failed),
					answer.failures().get(failed.get(0).id()));
		}
		Map<Long, List<FacetRow>> rows = answer.byApplication();
		Instant end = Instant.ofEpochSecond(SliceLengths.minute(range.to().toInstant()) * 60);
		List<TrendSlice> trends = new ArrayList<>();
		for (StagedApplication application : applications) {
			long id = application.id();
			try {
				trends.addAll(Figuring.trend(id, slices(rows.getOrDefault(id, List.of()), end)));
			}
			catch (IllegalArgumentException ex) {
				throw new PartNotFetched(TREND, PartNotFetched.applications(List.of(application)),
						ChunkFigures.unreadable(ex));
			}
		}
		return trends;
	}

	/**
	 * The slices in time order, each web bucket with the queue bucket that begins with
	 * it.
	 */
	private List<Figuring.Slice> slices(List<FacetRow> rows, Instant end) {
		Map<Long, FacetRow> web = new TreeMap<>();
		Map<Long, FacetRow> queue = new TreeMap<>();
		for (FacetRow row : rows) {
			Map<Long, FacetRow> series = row.facet(1).equals(names.httpDispatcher()) ? web : queue;
			if (series.put(row.seconds(BEGIN), row) != null) {
				throw new IllegalArgumentException("the answer held two rows for a bucket of " + row.facets());
			}
		}
		List<Figuring.Slice> slices = new ArrayList<>(web.size());
		web.forEach((begin, row) -> {
			Instant to = Instant.ofEpochSecond(row.seconds(END));
			FacetRow queued = queue.get(begin);
			slices.add(new Figuring.Slice(time(Instant.ofEpochSecond(begin)), time(to.isAfter(end) ? end : to),
					Snapshots.timing(row), queued == null ? null : Snapshots.timing(queued)));
		});
		return slices;
	}

	private static OffsetDateTime time(Instant instant) {
		return instant.atOffset(ZoneOffset.UTC);
	}

}
