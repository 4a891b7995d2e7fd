package io.apmreports.report.xlsx;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import io.apmreports.formula.DatabaseFormula;
import io.apmreports.formula.FigureColumn;
import io.apmreports.formula.Kind;
import io.apmreports.formula.WebTimeSource;
import io.apmreports.report.Column;
import io.apmreports.report.Columns;
import io.apmreports.report.Measures;
import io.apmreports.staging.AboutRow;
import io.apmreports.staging.ComparisonRow;
import io.apmreports.staging.KeyTransactionRow;
import io.apmreports.staging.SummaryRow;

/**
 * The workbook's tables where they differ from the CSV files: the Breakdown sheet, which
 * has no file, and sheets that say in words and real cells what a file spells for
 * programs. The files' columns stay as {@link Columns} has them.
 */
final class SheetColumns {

	private SheetColumns() {
	}

	/**
	 * Web transaction time and its parts, in the order the product's summary view stacks
	 * them.
	 */
	static final List<Column<SummaryRow>> BREAKDOWN = breakdown();

	/** As the file, but the time of the summary is a date-time a reader can sort by. */
	static final List<Column<KeyTransactionRow>> KEY_TRANSACTIONS = keyTransactions();

	/**
	 * The application by name beside its id and the figure in words, each value in the
	 * figure's own format: a response time as milliseconds, an error rate as a
	 * percentage, Apdex as a score.
	 */
	static final List<Column<ComparisonRow>> COMPARISON = List.of(
			new Column<>("application_id", "Application ID", Kind.ID, ComparisonRow::applicationId),
			new Column<>("application_name", "Application", Kind.TEXT, ComparisonRow::applicationName),
			new Column<>("figure", "Figure", Kind.TEXT, row -> Measures.title(row.metric())),
			new Column<>("current", "Current", Kind.NUMBER, ComparisonRow::current, SheetColumns::kind),
			new Column<>("previous", "Previous", Kind.NUMBER, ComparisonRow::previous, SheetColumns::kind),
			new Column<>("median_12_periods", "12-period median", Kind.NUMBER, ComparisonRow::median,
					SheetColumns::kind),
			new Column<>("change", "Change", Kind.NUMBER, SheetColumns::change, SheetColumns::changeKind),
			new Column<>("change_pct", "Change %", Kind.PERCENT, SheetColumns::changePct),
			// filled in by the writer, which applies the Overview's rule
			new Column<>("regression", "Regression", Kind.TEXT, row -> null));

	/**
	 * As the file, but the database formula and the web time's source in words, as the
	 * formulas of docs/figures.md name them, where the file has the names programs match.
	 */
	static final List<Column<AboutRow>> ABOUT = List.of(Columns.ABOUT.get(0), Columns.ABOUT.get(1),
			new Column<>("database_formula", "Database formula", Kind.TEXT,
					row -> words(row.databaseFormula(), DatabaseFormula.class, DatabaseFormula::words)),
			new Column<>("web_time_source", "Web time source", Kind.TEXT,
					row -> words(row.webTimeSource(), WebTimeSource.class, WebTimeSource::words)),
			Columns.ABOUT.get(4));

	/** What the Comparison sheet's Regression column says of a regression. */
	static final String REGRESSION = "regression";

	/** A stored constant's words; a name the code no longer knows, as it is. */
	private static <E extends Enum<E>> String words(String stored, Class<E> type, Function<E, String> words) {
		if (stored == null) {
			return null;
		}
		try {
			return words.apply(Enum.valueOf(type, stored));
		}
		catch (IllegalArgumentException ex) {
			return stored;
		}
	}

	private static Kind kind(ComparisonRow row) {
		return Measures.kind(row.metric());
	}

	/**
	 * A rate's change in percentage points, any other's in its figure's unit; 0 where it
	 * rounds to nothing as its format shows it, never "-0.0".
	 */
	static Double change(ComparisonRow row) {
		if (row.change() == null) {
			return null;
		}
		Kind kind = changeKind(row);
		return shown(kind == Kind.POINTS ? row.change() * 100 : row.change(), kind);
	}

	static Kind changeKind(ComparisonRow row) {
		Kind kind = kind(row);
		return kind == Kind.FRACTION ? Kind.POINTS : kind;
	}

	/** The change in percent, but none for a rate's: no percent of a percentage. */
	static Double changePct(ComparisonRow row) {
		return row.changePct() == null || kind(row) == Kind.FRACTION ? null : shown(row.changePct(), Kind.PERCENT);
	}

	/**
	 * The value, or 0 where its format would show it as nothing with a sign ("-0.0%"): a
	 * change too small to show has no direction.
	 */
	private static double shown(double value, Kind kind) {
		int decimals = switch (kind) {
			case INTEGER, ID -> 0;
			case SCORE, POINTS -> 2;
			case NUMBER -> 3;
			default -> 1;
		};
		return Math.abs(value) < 0.5 / Math.pow(10, decimals) ? 0.0 : value;
	}

	private static List<Column<SummaryRow>> breakdown() {
		List<Column<SummaryRow>> columns = new ArrayList<>(Columns.SUMMARY.subList(0, 2));
		columns
			.addAll(Columns.figures(
					List.of(FigureColumn.APPLICATION_TIME_MS, FigureColumn.DATASTORE_MS, FigureColumn.DATABASE_MS,
							FigureColumn.RUBY_DATABASE_MS, FigureColumn.EXTERNAL_MS, FigureColumn.CACHE_MS,
							FigureColumn.REQUEST_QUEUING_MS, FigureColumn.WEB_TRANSACTION_TIME_MS),
					SummaryRow::figures));
		return List.copyOf(columns);
	}

	private static List<Column<KeyTransactionRow>> keyTransactions() {
		List<Column<KeyTransactionRow>> columns = new ArrayList<>(
				Columns.KEY_TRANSACTIONS.stream().filter(column -> !column.header().equals("summary_window")).toList());
		columns.add(new Column<>("taken_at", "Summary taken at", Kind.TIME, KeyTransactionRow::takenAt));
		return List.copyOf(columns);
	}

}
