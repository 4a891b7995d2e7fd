package io.apmreports.report;

import java.util.function.Function;

import io.apmreports.formula.Kind;

/**
 * One column of a report table: its CSV header, which is part of the contract, and its
 * title in the workbook, in words with its unit.
 *
 * @param header the CSV header, which is part of the contract
 * @param title the workbook's heading
 * @param kind how values are written
 * @param value the value of a row, {@code null} for an empty cell
 * @param kinds how a row's value is written, where rows differ (the comparison holds
 * times, rates, scores and fractions in one column)
 * @param <R> the row type
 */
public record Column<R>(String header, String title, Kind kind, Function<R, Object> value, Function<R, Kind> kinds) {

	/** A column the workbook heads with its CSV header. */
	public Column(String header, Kind kind, Function<R, Object> value) {
		this(header, header, kind, value);
	}

	/** A column whose values are all of one kind. */
	public Column(String header, String title, Kind kind, Function<R, Object> value) {
		this(header, title, kind, value, row -> kind);
	}

	public Object valueOf(R row) {
		return value.apply(row);
	}

	public Kind kindOf(R row) {
		return kinds.apply(row);
	}

	/**
	 * Whether this column holds the application's name, which a workbook may link to its
	 * page.
	 */
	public boolean namesTheApplication() {
		return "application_name".equals(header);
	}

}
