package io.apmreports.job;

import java.util.List;

import org.springframework.stereotype.Component;

import io.apmreports.definition.ReportDefinition;
import io.apmreports.output.ReportSink;
import io.apmreports.output.Section;
import io.apmreports.range.TimeRange;

/**
 * Reads a run's tables in the order {@link ReportSink} expects and hands every row over as it is read: each table
 * is streamed, never held.
 */
@Component
class ReportContent {

	private final ReportStore store;

	ReportContent(ReportStore store) {
		this.store = store;
	}

	/** Streams the report of a run into the sink; answers how many rows it wrote. */
	long stream(long instanceId, ReportDefinition definition, TimeRange range, ReportSink sink) {
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
		store.forEachAbout(instanceId, sink::about);
		sink.overview(store.overview(instanceId, List.of()));
		return rows[0];
	}

}
