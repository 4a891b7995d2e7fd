package io.apmreports.staging;

import java.sql.SQLException;

/**
 * Receives the rows of a staging table one at a time, as they are read.
 *
 * @param <R> the row type
 */
@FunctionalInterface
public interface RowConsumer<R> {

	void accept(R row) throws SQLException;

}
