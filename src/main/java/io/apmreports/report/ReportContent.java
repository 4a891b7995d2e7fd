package io.apmreports.report;

import java.util.List;

import org.springframework.stereotype.Component;

import io.apmreports.definition.ReportDefinition;
import io.apmreports.output.ReportSink;
import io.apmreports.output.Section;
import io.apmreports.range.TimeRange;
import io.apmreports.staging.ReportStore;
import io.apmreports.staging.SectionStore;

/**
 * Reads a run's tables in the order {@link ReportSink} expects and hands every row over as it is read: each table
 * is streamed, never held.
 */
@Component
public class ReportContent {

	/** How many applications the charts show: beyond that a chart is no longer readable. */
	static final int CHART_APPLICATIONS = 10;

	/** How many worst movers the overview lists. */
	static final int WORST_MOVERS = 5;

	private final ReportStore store;

	private final SectionStore sections;

	ReportContent(ReportStore store, SectionStore sections) {
		this.store = store;
		this.sections = sections;
	}

	/** Streams the report of a run into the sink; answers how many rows it wrote. */
	public long stream(long instanceId, ReportDefinition definition, TimeRange range, ReportSink sink) {
		long[] rows = { 0 };
		if (definition.has(Section.SUMMARY) || definition.has(Section.BREAKDOWN)) {
			store.forEachRow(instanceId, range, row -> {
				sink.summary(row);
				rows[0]++;
			});
		}
		if (definition.has(Section.USAGE)) {
			Double totalCalls = store.overview(instanceId, List.of()).totalCalls();
			store.forEachUsage(instanceId, range, totalCalls, row -> {
				sink.usage(row);
				rows[0]++;
			});
		}
		if (definition.has(Section.HOSTS)) {
			sections.forEachHost(instanceId, row -> {
				sink.host(row);
				rows[0]++;
			});
		}
		if (definition.has(Section.KEY_TRANSACTIONS)) {
			sections.forEachKeyTransaction(instanceId, row -> {
				sink.keyTransaction(row);
				rows[0]++;
			});
		}
		if (definition.has(Section.COMPARISON)) {
			sections.forEachComparison(instanceId, row -> {
				sink.comparison(row);
				rows[0]++;
			});
		}
		if (definition.has(Section.TRENDS)) {
			// the service answers in UTC; the report shows its own zone, as range_from and range_to do
			java.time.ZoneId zone = definition.timeZone();
			sections.forEachTrend(instanceId, point -> {
				sink.trend(new io.apmreports.output.TrendPoint(point.applicationId(),
						point.from().atZoneSameInstant(zone).toOffsetDateTime(),
						point.to().atZoneSameInstant(zone).toOffsetDateTime(), point.responseTimeMs(),
						point.throughputRpm()));
				rows[0]++;
			});
		}
		store.forEachAbout(instanceId, sink::about);
		if (definition.has(Section.CHARTS)) {
			sink.charts(sections.chartData(instanceId, CHART_APPLICATIONS));
		}
		sink.overview(store.overview(instanceId, definition.has(Section.COMPARISON)
				? sections.worstMovers(instanceId, WORST_MOVERS) : List.of()));
		return rows[0];
	}

}
