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
import io.apmreports.source.StagedApplication;
import io.apmreports.source.TrendSlice;
import io.apmreports.source.nrql.FacetQueries.Answer;
import io.apmreports.source.nrql.FacetQueries.Part;

/**
 * The series of a part of a chunk in one {@code TIMESERIES} query of web transactions and
 * request queuing, sliced as REST v2 slices the same range.
 */
final class ChunkTrends {

	private static final List<String> BY_NAME = List.of(Nrql.APP_ID, Nrql.NAME);

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
	 * caps the facets and every bucket of a kept facet comes. Counting the rows instead
	 * allowed 14 applications a query over a week of hourly slices.
	 */
	static int facetsPerApplication() {
		return 2;
	}

	/** {@code TIMESERIES <n> minutes}, REST's slice for the range. */
	static String timeseries(TimeRange range) {
		return "TIMESERIES " + SeriesSlices.minutes(SliceLengths.rangeMinutes(range)) + " minutes";
	}

	List<TrendSlice> trends(List<StagedApplication> applications, TimeRange range) {
		String window = Nrql.window(range) + " " + timeseries(range);
		Answer answer = queries.askByName(Nrql.TIMING,
				new Part(applications.stream().map(StagedApplication::id).toList(),
						List.of(names.httpDispatcher(), names.queueTime())),
				BY_NAME, window);
		Map<Long, List<FacetRow>> rows = answer.byApplication();
		Instant end = Instant.ofEpochSecond(SliceLengths.minute(range.to().toInstant()) * 60);
		List<TrendSlice> trends = new ArrayList<>();
		for (StagedApplication application : applications) {
			long id = application.id();
			if (answer.failures().containsKey(id)) {
				trends.add(TrendSlice.none(id));
				continue;
			}
			try {
				trends.addAll(Figuring.trend(id, slices(rows.getOrDefault(id, List.of()), end)));
			}
			catch (IllegalArgumentException ex) {
				trends.add(TrendSlice.none(id));
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
