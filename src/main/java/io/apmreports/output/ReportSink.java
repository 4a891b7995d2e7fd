package io.apmreports.output;

import java.io.IOException;

/**
 * Receives a report's content in a fixed order, streamed: every summary row, then hosts,
 * key transactions, comparison, trend points, usage and about rows, then the chart data
 * and the overview, then {@link #close()}. A sink writes what its file holds and ignores
 * the rest; only a sink closed without error has written a whole file.
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
