package io.apmreports.output;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The columns of every report table, in contract order. Finance builds on these files:
 * add columns only at the documented place, never rename or reorder.
 */
final class Columns {

	private static final List<FigureColumn> FIGURES = List.of(FigureColumn.values());

	private Columns() {
	}

	static final List<Column<SummaryRow>> SUMMARY = summary();

	static final List<Column<HostRow>> HOSTS = hosts();

	static final List<Column<KeyTransactionRow>> KEY_TRANSACTIONS = List.of(
			new Column<>("key_transaction_id", Kind.INTEGER, KeyTransactionRow::keyTransactionId),
			new Column<>("key_transaction_name", Kind.TEXT, KeyTransactionRow::name),
			new Column<>("application_id", Kind.INTEGER, KeyTransactionRow::applicationId),
			new Column<>("application_name", Kind.TEXT, KeyTransactionRow::applicationName),
			new Column<>("transaction_name", Kind.TEXT, KeyTransactionRow::transactionName),
			new Column<>("response_time", Kind.MILLISECONDS, KeyTransactionRow::responseTime),
			new Column<>("throughput", Kind.RATE, KeyTransactionRow::throughput),
			new Column<>("error_rate", Kind.FRACTION, KeyTransactionRow::errorRate),
			new Column<>("apdex_target", Kind.NUMBER, KeyTransactionRow::apdexTarget),
			new Column<>("apdex_score", Kind.SCORE, KeyTransactionRow::apdexScore),
			new Column<>("summary_window", Kind.TEXT, row -> "rolling 10 minutes at " + CellText.of(row.takenAt())));

	static final List<Column<ComparisonRow>> COMPARISON = List.of(
			new Column<>("application_id", Kind.INTEGER, ComparisonRow::applicationId),
			new Column<>("metric", Kind.TEXT, ComparisonRow::metric),
			new Column<>("current", Kind.NUMBER, ComparisonRow::current),
			new Column<>("previous", Kind.NUMBER, ComparisonRow::previous),
			new Column<>("change", Kind.NUMBER, ComparisonRow::change),
			new Column<>("change_pct", Kind.PERCENT, ComparisonRow::changePct));

	static final List<Column<TrendPoint>> TREND = List.of(
			new Column<>("application_id", Kind.INTEGER, TrendPoint::applicationId),
			new Column<>("from", Kind.TIME, TrendPoint::from), new Column<>("to", Kind.TIME, TrendPoint::to),
			new Column<>("response_time_ms", Kind.MILLISECONDS, TrendPoint::responseTimeMs),
			new Column<>("throughput_rpm", Kind.RATE, TrendPoint::throughputRpm));

	static final List<Column<UsageRow>> USAGE = List.of(
			new Column<>("application_id", Kind.INTEGER, UsageRow::applicationId),
			new Column<>("application_name", Kind.TEXT, UsageRow::applicationName),
			new Column<>("language", Kind.TEXT, UsageRow::language),
			new Column<>("call_volume", Kind.NUMBER, UsageRow::callVolume),
			new Column<>("throughput_rpm", Kind.RATE, UsageRow::throughputRpm),
			new Column<>("host_count", Kind.INTEGER, UsageRow::hostCount),
			new Column<>("instance_count", Kind.INTEGER, UsageRow::instanceCount),
			new Column<>("share_of_calls", Kind.FRACTION, UsageRow::shareOfCalls),
			new Column<>("status", Kind.TEXT, UsageRow::status));

	static final List<Column<AboutRow>> ABOUT = List.of(
			new Column<>("application_id", Kind.INTEGER, AboutRow::applicationId),
			new Column<>("application_name", Kind.TEXT, AboutRow::applicationName),
			new Column<>("database_formula", Kind.TEXT, AboutRow::databaseFormula),
			new Column<>("web_time_source", Kind.TEXT, AboutRow::webTimeSource),
			new Column<>("dropped_terms", Kind.TEXT, AboutRow::droppedTerms));

	private static List<Column<SummaryRow>> summary() {
		List<Column<SummaryRow>> columns = new ArrayList<>(
				List.of(new Column<>("application_id", Kind.INTEGER, SummaryRow::applicationId),
						new Column<>("application_name", Kind.TEXT, SummaryRow::applicationName),
						new Column<>("language", Kind.TEXT, SummaryRow::language),
						new Column<>("health_status", Kind.TEXT, SummaryRow::healthStatus),
						new Column<>("reporting", Kind.BOOLEAN, SummaryRow::reporting),
						new Column<>("host_count", Kind.INTEGER, SummaryRow::hostCount),
						new Column<>("instance_count", Kind.INTEGER, SummaryRow::instanceCount),
						new Column<>("range_from", Kind.TIME, SummaryRow::rangeFrom),
						new Column<>("range_to", Kind.TIME, SummaryRow::rangeTo)));
		columns.addAll(figures(FIGURES, SummaryRow::figures));
		columns.add(new Column<>("apdex_score", Kind.SCORE, SummaryRow::apdexScore));
		columns.add(new Column<>("error_rate", Kind.FRACTION, SummaryRow::errorRate));
		columns.add(new Column<>("status", Kind.TEXT, SummaryRow::status));
		columns.add(new Column<>("status_detail", Kind.TEXT, SummaryRow::statusDetail));
		return List.copyOf(columns);
	}

	private static List<Column<HostRow>> hosts() {
		List<Column<HostRow>> columns = new ArrayList<>(
				List.of(new Column<>("application_id", Kind.INTEGER, HostRow::applicationId),
						new Column<>("application_name", Kind.TEXT, HostRow::applicationName),
						new Column<>("host_id", Kind.INTEGER, HostRow::hostId),
						new Column<>("host_name", Kind.TEXT, HostRow::hostName)));
		columns.addAll(figures(FIGURES, HostRow::figures));
		columns.add(new Column<>("status", Kind.TEXT, HostRow::status));
		columns.add(new Column<>("status_detail", Kind.TEXT, HostRow::statusDetail));
		return List.copyOf(columns);
	}

	/** The given figures, in the given order, of each row's {@code figures}. */
	static <R> List<Column<R>> figures(List<FigureColumn> shown, Function<R, Figures> figures) {
		return shown.stream()
			.map(figure -> new Column<R>(figure.header(), figure.kind(), row -> figures.apply(row).get(figure)))
			.toList();
	}

}
