package io.apmreports.report;

import java.time.ZoneId;
import java.util.List;

import org.springframework.stereotype.Component;

import io.apmreports.definition.ReportDefinition;
import io.apmreports.definition.Section;
import io.apmreports.formula.AccountFigures;
import io.apmreports.range.TimeRange;
import io.apmreports.staging.ApplicationRows;
import io.apmreports.staging.Hosts;
import io.apmreports.staging.KeyTransactions;
import io.apmreports.staging.NamedApplication;
import io.apmreports.staging.PreviousFigures;
import io.apmreports.staging.TrendPoint;
import io.apmreports.staging.Trends;

/**
 * Reads a run's tables in the order {@link ReportSink} expects and hands every row over
 * as it is read: each table is streamed, never held.
 */
@Component
public class ReportContent {

	/**
	 * How many applications the charts show: beyond that a chart is no longer readable.
	 */
	static final int CHART_APPLICATIONS = 10;

	/** How many regressions the overview lists: enough to act on, few enough to read. */
	static final int REGRESSIONS = 5;

	/** How many of the busiest applications the overview lists. */
	static final int BUSIEST = 5;

	private final ApplicationRows applications;

	private final Hosts hosts;

	private final KeyTransactions keyTransactions;

	private final PreviousFigures previous;

	private final Trends trends;

	ReportContent(ApplicationRows applications, Hosts hosts, KeyTransactions keyTransactions, PreviousFigures previous,
			Trends trends) {
		this.applications = applications;
		this.hosts = hosts;
		this.keyTransactions = keyTransactions;
		this.previous = previous;
		this.trends = trends;
	}

	/** Streams the report of a run into the sink; answers how many rows it wrote. */
	public long stream(long instanceId, ReportDefinition definition, TimeRange range, ReportSink sink) {
		long[] rows = { 0 };
		if (definition.has(Section.SUMMARY) || definition.has(Section.BREAKDOWN)) {
			applications.forEachSummary(instanceId, range, row -> {
				sink.summary(row);
				rows[0]++;
			});
		}
		if (definition.has(Section.USAGE)) {
			Double totalCalls = applications.totalCalls(instanceId);
			applications.forEachUsage(instanceId, range, totalCalls, row -> {
				sink.usage(row);
				rows[0]++;
			});
		}
		if (definition.has(Section.HOSTS)) {
			hosts.forEach(instanceId, row -> {
				sink.host(row);
				rows[0]++;
			});
		}
		if (definition.has(Section.KEY_TRANSACTIONS)) {
			// read in UTC; told in the report's zone, as the range is
			ZoneId zone = definition.timeZone();
			keyTransactions.forEach(instanceId, row -> {
				sink.keyTransaction(row.inZone(zone));
				rows[0]++;
			});
		}
		if (definition.has(Section.COMPARISON)) {
			previous.forEachComparison(instanceId, row -> {
				sink.comparison(row);
				rows[0]++;
			});
		}
		if (definition.has(Section.TRENDS)) {
			// the service answers in UTC; the report shows its own zone, as range_from
			// and range_to do
			ZoneId zone = definition.timeZone();
			trends.forEach(instanceId, point -> {
				sink.trend(inZone(point, zone));
				rows[0]++;
			});
			sink.trends(trendTable(instanceId, zone));
		}
		applications.forEachAbout(instanceId, sink::about);
		if (definition.has(Section.CHARTS)) {
			sink.charts(charts(instanceId));
		}
		sink.overview(overview(instanceId, definition, BUSIEST));
		return rows[0];
	}

	/**
	 * The series by slice, read again group by group only when a sink asks: one query for
	 * a group's applications, one for their points by slice.
	 */
	private TrendTable trendTable(long instanceId, ZoneId zone) {
		return (groupSize, reader) -> {
			List<NamedApplication> group;
			int offset = 0;
			do {
				group = trends.applications(instanceId, offset, groupSize);
				if (!group.isEmpty()) {
					reader.group(group);
					trends.forEachSlice(instanceId, group.stream().map(NamedApplication::id).toList(),
							point -> reader.point(inZone(point, zone)));
				}
				offset += groupSize;
			}
			while (group.size() == groupSize);
		};
	}

	private static TrendPoint inZone(TrendPoint point, ZoneId zone) {
		return new TrendPoint(point.applicationId(), point.applicationName(),
				point.from().atZoneSameInstant(zone).toOffsetDateTime(),
				point.to().atZoneSameInstant(zone).toOffsetDateTime(), point.responseTimeMs(), point.throughputRpm());
	}

	/**
	 * What a reader sees first, with the {@code busiest} applications; regressions only
	 * where the run fetched the previous period.
	 */
	public Overview overview(long instanceId, ReportDefinition definition, int busiest) {
		ApplicationRows.Counts counts = applications.counts(instanceId);
		AccountFigures now = new AccountFigures();
		AccountFigures before = new AccountFigures();
		applications.forEachCounted(instanceId, application -> {
			application.now().addTo(now);
			application.before().addTo(before);
		});
		List<Overview.Busy> busy = busiest == 0 ? List.of()
				: applications.busiest(instanceId, busiest).stream().map(Overview::busy).toList();
		return new Overview(counts.applications(), counts.failed(), counts.gone(),
				Overview.headlines(counts.applications(), now, before), busy, regressions(instanceId, definition),
				applications.failedNames(instanceId), applications.goneNames(instanceId));
	}

	/** The worst regressions, where the run fetched the previous period. */
	private List<Overview.Mover> regressions(long instanceId, ReportDefinition definition) {
		if (!definition.has(Section.COMPARISON)) {
			return List.of();
		}
		Regressions regressions = new Regressions(REGRESSIONS);
		previous.forEachComparison(instanceId, regressions::accept);
		return regressions.worst();
	}

	/** The charts' data: the top applications by web throughput. */
	public ChartData charts(long instanceId) {
		return ChartData.of(trends.busiestByThroughput(instanceId, CHART_APPLICATIONS),
				applicationId -> trends.series(instanceId, applicationId));
	}

}
