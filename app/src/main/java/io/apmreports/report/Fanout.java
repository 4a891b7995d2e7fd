package io.apmreports.report;

import java.util.List;

import io.apmreports.source.ByteEstimate;
import io.apmreports.staging.AboutRow;
import io.apmreports.staging.ComparisonRow;
import io.apmreports.staging.HostRow;
import io.apmreports.staging.KeyTransactionRow;
import io.apmreports.staging.NamedApplication;
import io.apmreports.staging.SummaryRow;
import io.apmreports.staging.TrendPoint;
import io.apmreports.staging.UsageRow;

/**
 * Hands every row to each of several sinks, so that the tables are read once for all
 * files.
 */
public final class Fanout implements ReportSink {

	private final List<ReportSink> sinks;

	public Fanout(List<ReportSink> sinks) {
		this.sinks = List.copyOf(sinks);
	}

	@Override
	public void summary(SummaryRow row) {
		sinks.forEach(sink -> sink.summary(row));
	}

	@Override
	public void host(HostRow row) {
		sinks.forEach(sink -> sink.host(row));
	}

	@Override
	public void keyTransaction(KeyTransactionRow row) {
		sinks.forEach(sink -> sink.keyTransaction(row));
	}

	@Override
	public void comparison(ComparisonRow row) {
		sinks.forEach(sink -> sink.comparison(row));
	}

	@Override
	public void trend(TrendPoint point) {
		sinks.forEach(sink -> sink.trend(point));
	}

	@Override
	public void trendGroup(List<NamedApplication> applications, List<TrendPoint> bySlice) {
		sinks.forEach(sink -> sink.trendGroup(applications, bySlice));
	}

	@Override
	public void usage(UsageRow row) {
		sinks.forEach(sink -> sink.usage(row));
	}

	@Override
	public void about(AboutRow row) {
		sinks.forEach(sink -> sink.about(row));
	}

	@Override
	public void ingest(ByteEstimate estimate) {
		sinks.forEach(sink -> sink.ingest(estimate));
	}

	@Override
	public void cost(CostReport report) {
		sinks.forEach(sink -> sink.cost(report));
	}

	@Override
	public void serviceLevels(ServiceLevelReport report) {
		sinks.forEach(sink -> sink.serviceLevels(report));
	}

	@Override
	public void charts(ChartData data) {
		sinks.forEach(sink -> sink.charts(data));
	}

	@Override
	public void overview(Overview overview) {
		sinks.forEach(sink -> sink.overview(overview));
	}

	/** Closing is the caller's: each sink must be closed even when another fails. */
	@Override
	public void close() {
	}

}
