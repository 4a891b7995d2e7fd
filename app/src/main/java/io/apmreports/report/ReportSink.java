package io.apmreports.report;

import java.io.IOException;

import io.apmreports.staging.AboutRow;
import io.apmreports.staging.ComparisonRow;
import io.apmreports.staging.HostRow;
import io.apmreports.staging.KeyTransactionRow;
import io.apmreports.staging.SummaryRow;
import io.apmreports.staging.TrendPoint;
import io.apmreports.staging.UsageRow;

/**
 * Receives a report's content in a fixed order, streamed: every summary row, then hosts,
 * key transactions, comparison, trend points and the {@link TrendTable} to read when a
 * sink wants the series by slice, usage and about rows, then the chart data and the
 * overview, then {@link #close()}. A sink writes what its file holds and ignores the
 * rest; only a sink closed without error has written a whole file.
 */
public interface ReportSink extends AutoCloseable {

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
	 * The series again, by slice: a sink that shows them so reads the table here, before
	 * returning; one that does not ignores it, and it is never read.
	 */
	default void trends(TrendTable table) {
	}

	default void usage(UsageRow row) {
	}

	default void about(AboutRow row) {
	}

	default void charts(ChartData data) {
	}

	default void overview(Overview overview) {
	}

	@Override
	void close() throws IOException;

}
