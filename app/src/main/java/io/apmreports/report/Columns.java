package io.apmreports.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

import io.apmreports.formula.FigureColumn;
import io.apmreports.formula.Figures;
import io.apmreports.formula.Kind;
import io.apmreports.staging.AboutRow;
import io.apmreports.staging.ComparisonRow;
import io.apmreports.staging.HostRow;
import io.apmreports.staging.KeyTransactionRow;
import io.apmreports.staging.SummaryRow;
import io.apmreports.staging.TrendPoint;
import io.apmreports.staging.UsageRow;

/**
 * The columns of every report table, in contract order. Finance builds on these files:
 * add columns only at the documented place, never rename or reorder.
 */
public final class Columns {

	private static final List<FigureColumn> FIGURES = List.of(FigureColumn.values());

	/**
	 * Usage's throughput is of all calls, where every other table's is of web requests:
	 * its title says so.
	 */
	static final String ALL_THROUGHPUT = "Throughput, web and non-web (rpm)";

	private Columns() {
	}

	public static final List<Column<SummaryRow>> SUMMARY = summary();

	public static final List<Column<HostRow>> HOSTS = hosts();

	public static final List<Column<KeyTransactionRow>> KEY_TRANSACTIONS = List.of(
			new Column<>("key_transaction_id", "Key transaction ID", Kind.ID, KeyTransactionRow::keyTransactionId),
			new Column<>("key_transaction_name", "Key transaction", Kind.TEXT, KeyTransactionRow::name),
			new Column<>("application_id", "Application ID", Kind.ID, KeyTransactionRow::applicationId),
			new Column<>("application_name", "Application", Kind.TEXT, KeyTransactionRow::applicationName),
			new Column<>("transaction_name", "Transaction", Kind.TEXT, KeyTransactionRow::transactionName),
			new Column<>("response_time", "Response time (ms)", Kind.MILLISECONDS, KeyTransactionRow::responseTime),
			new Column<>("throughput", "Throughput (rpm)", Kind.RATE, KeyTransactionRow::throughput),
			new Column<>("error_rate", "Error rate", Kind.FRACTION, KeyTransactionRow::errorRate),
			new Column<>("apdex_target", "Apdex target (s)", Kind.NUMBER, KeyTransactionRow::apdexTarget),
			new Column<>("apdex_score", "Apdex score", Kind.SCORE, KeyTransactionRow::apdexScore),
			new Column<>("summary_window", "Summary window", Kind.TEXT,
					row -> "rolling 10 minutes at " + CellText.of(row.takenAt())));

	public static final List<Column<ComparisonRow>> COMPARISON = List.of(
			new Column<>("application_id", "Application ID", Kind.ID, ComparisonRow::applicationId),
			new Column<>("metric", "Figure", Kind.TEXT, ComparisonRow::metric),
			new Column<>("current", "Current", Kind.NUMBER, ComparisonRow::current),
			new Column<>("previous", "Previous", Kind.NUMBER, ComparisonRow::previous),
			new Column<>("median_12_periods", "12-period median", Kind.NUMBER, ComparisonRow::median),
			new Column<>("change", "Change", Kind.NUMBER, ComparisonRow::change),
			new Column<>("change_pct", "Change %", Kind.PERCENT, ComparisonRow::changePct));

	public static final List<Column<TrendPoint>> TREND = List.of(
			new Column<>("application_id", Kind.INTEGER, TrendPoint::applicationId),
			new Column<>("from", Kind.TIME, TrendPoint::from), new Column<>("to", Kind.TIME, TrendPoint::to),
			new Column<>("response_time_ms", Kind.MILLISECONDS, TrendPoint::responseTimeMs),
			new Column<>("throughput_rpm", Kind.RATE, TrendPoint::throughputRpm));

	/**
	 * The usage table, with a column for the value of the grouping tag {@code groupBy}
	 * (headed by the tag's key) when the report groups by one. The columns after
	 * {@code status} came later, and so come last.
	 */
	public static List<Column<UsageRow>> usage(String groupBy) {
		List<Column<UsageRow>> columns = new ArrayList<>(
				List.of(new Column<>("application_id", "Application ID", Kind.ID, UsageRow::applicationId),
						new Column<>("application_name", "Application", Kind.TEXT, UsageRow::applicationName),
						new Column<>("language", "Language", Kind.TEXT, UsageRow::language),
						new Column<>("call_volume", "Calls", Kind.NUMBER, UsageRow::callVolume),
						new Column<>("throughput_rpm", ALL_THROUGHPUT, Kind.RATE, UsageRow::throughputRpm),
						new Column<>("host_count", "Hosts", Kind.INTEGER, UsageRow::hostCount),
						new Column<>("instance_count", "Instances", Kind.INTEGER, UsageRow::instanceCount),
						new Column<>("share_of_calls", "Share of calls", Kind.FRACTION, UsageRow::shareOfCalls),
						new Column<>("status", "Status", Kind.TEXT, UsageRow::status),
						new Column<>("hosts_counted_over", "Hosts counted over", Kind.TEXT, UsageRow::hostsCountedOver),
						new Column<>("account_id", "Account", Kind.ID, UsageRow::accountId)));
		if (groupBy != null) {
			columns.add(new Column<>(groupBy, groupTitle(groupBy), Kind.TEXT, UsageRow::group));
		}
		return List.copyOf(columns);
	}

	/** A heading for a tag's values: its key with a capital, as in "Team". */
	public static String groupTitle(String groupBy) {
		return groupBy.substring(0, 1).toUpperCase(Locale.ROOT) + groupBy.substring(1);
	}

	public static final List<Column<AboutRow>> ABOUT = List.of(
			new Column<>("application_id", "Application ID", Kind.ID, AboutRow::applicationId),
			new Column<>("application_name", "Application", Kind.TEXT, AboutRow::applicationName),
			new Column<>("database_formula", "Database formula", Kind.TEXT, AboutRow::databaseFormula),
			new Column<>("web_time_source", "Web time source", Kind.TEXT, AboutRow::webTimeSource),
			new Column<>("dropped_terms", "Dropped terms", Kind.TEXT, AboutRow::droppedTerms));

	private static List<Column<SummaryRow>> summary() {
		List<Column<SummaryRow>> columns = new ArrayList<>(
				List.of(new Column<>("application_id", "Application ID", Kind.ID, SummaryRow::applicationId),
						new Column<>("application_name", "Application", Kind.TEXT, SummaryRow::applicationName),
						new Column<>("language", "Language", Kind.TEXT, SummaryRow::language),
						new Column<>("health_status", "Health", Kind.TEXT, SummaryRow::healthStatus),
						new Column<>("reporting", "Reporting", Kind.BOOLEAN, SummaryRow::reporting),
						new Column<>("host_count", "Hosts", Kind.INTEGER, SummaryRow::hostCount),
						new Column<>("instance_count", "Instances", Kind.INTEGER, SummaryRow::instanceCount),
						new Column<>("range_from", "From", Kind.TIME, SummaryRow::rangeFrom),
						new Column<>("range_to", "To", Kind.TIME, SummaryRow::rangeTo)));
		columns.addAll(figures(FIGURES, SummaryRow::figures));
		columns.add(new Column<>("apdex_score", "Apdex score", Kind.SCORE, SummaryRow::apdexScore));
		columns.add(new Column<>("error_rate", "Error rate", Kind.FRACTION, SummaryRow::errorRate));
		columns.add(new Column<>("status", "Status", Kind.TEXT, SummaryRow::status));
		columns.add(new Column<>("status_detail", "Why", Kind.TEXT, SummaryRow::statusDetail));
		// came later, so last
		columns.add(new Column<>("account_id", "Account", Kind.ID, SummaryRow::accountId));
		return List.copyOf(columns);
	}

	private static List<Column<HostRow>> hosts() {
		List<Column<HostRow>> columns = new ArrayList<>(
				List.of(new Column<>("application_id", "Application ID", Kind.ID, HostRow::applicationId),
						new Column<>("application_name", "Application", Kind.TEXT, HostRow::applicationName),
						new Column<>("host_id", "Host ID", Kind.ID, HostRow::hostId),
						new Column<>("host_name", "Host", Kind.TEXT, HostRow::hostName)));
		columns.addAll(figures(FIGURES, HostRow::figures));
		columns.add(new Column<>("status", "Status", Kind.TEXT, HostRow::status));
		columns.add(new Column<>("status_detail", "Why", Kind.TEXT, HostRow::statusDetail));
		return List.copyOf(columns);
	}

	/** The given figures, in the given order, of each row's {@code figures}. */
	public static <R> List<Column<R>> figures(List<FigureColumn> shown, Function<R, Figures> figures) {
		return shown.stream()
			.map(figure -> new Column<R>(figure.header(), figure.title(), figure.kind(),
					row -> figures.apply(row).get(figure)))
			.toList();
	}

}
