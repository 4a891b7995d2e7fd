package io.apmreports.output;

import java.util.function.Function;

/**
 * One column of a report table, the same in its CSV file and its workbook sheet.
 *
 * @param header the CSV header, which is part of the contract
 * @param kind how values are written
 * @param value the value of a row, {@code null} for an empty cell
 * @param <R> the row type
 */
public record Column<R>(String header, Kind kind, Function<R, Object> value) {

	Object valueOf(R row) {
		return value.apply(row);
	}

}
