package io.apmreports.report;

import java.io.IOException;
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
 * Receives a report's content in a fixed order, streamed: every summary row, then hosts,
 * key transactions, comparison, the series (a group of applications' points in report
 * order, then the same group by slice, group after group), usage and about rows, a cost
 * report's month, a service-level report's month, then the chart data and the overview,
 * then {@link #close()}. A sink writes what its file holds and ignores the rest; only a
 * sink closed without error has written a whole file.
 */
public interface ReportSink extends AutoCloseable {

	/**
	 * Applications whose series are read and handed over together: what one Trends sheet
	 * of 201 columns holds.
	 */
	int TREND_GROUP = 100;

	default void summary(SummaryRow row) {
	}

	default void host(HostRow row) {
	}

	default void keyTransaction(KeyTransactionRow row) {
	}

	default void comparison(ComparisonRow row) {
	}

	default void trend(TrendPoint point) {
	}

	/**
	 * A group of applications' series again, by slice (each slice's points in the group's
	 * order), after every point of the group has come to {@link #trend}.
	 * @param applications the group in report order
	 * @param bySlice their points, ordered by slice
	 */
	default void trendGroup(List<NamedApplication> applications, List<TrendPoint> bySlice) {
	}

	default void usage(UsageRow row) {
	}

	default void about(AboutRow row) {
	}

	/**
	 * One of the day's byte count estimates, kept for the month's cost report: what an
	 * {@code ingest} section's file lists.
	 */
	default void ingest(ByteEstimate estimate) {
	}

	/** A cost report's month, whole: its tables are small, and every file shows them. */
	default void cost(CostReport report) {
	}

	/**
	 * A service-level report's month, whole: its levels, their 12 months and the SLA
	 * figures are small, and every file shows them.
	 */
	default void serviceLevels(ServiceLevelReport report) {
	}

	default void charts(ChartData data) {
	}

	default void overview(Overview overview) {
	}

	@Override
	void close() throws IOException;

}
