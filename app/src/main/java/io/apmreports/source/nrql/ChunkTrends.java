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
	 * The rows each application is expected to answer: two names a slice. The buckets
	 * count against the facet limit as rows do: the vendor's NRQL reference limits FACET
	 * to 5,000 facet values and TIMESERIES to 366 buckets without saying whether a
	 * faceted series counts facets or facets times buckets, so this is the safe reading.
	 */
	static int rowsPerApplication(TimeRange range) {
		return (int) (2 * SliceLengths.buckets(range));
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
