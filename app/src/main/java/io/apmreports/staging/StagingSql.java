package io.apmreports.staging;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.Collections;
import java.util.List;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;

import io.apmreports.source.FigureStatus;

/**
 * What the staging tables' DAOs share: absent numbers, a chunk's rows replaced, statuses
 * bound as parameters.
 */
final class StagingSql {

	private StagingSql() {
	}

	/** {@code INSERT INTO table (columns) VALUES (?, ...)}. */
	static String insert(String table, List<String> columns) {
		return "INSERT INTO " + table + " (" + String.join(", ", columns) + ") VALUES ("
				+ String.join(", ", Collections.nCopies(columns.size(), "?")) + ")";
	}

	/**
	 * The run as {@code :instanceId}, and the statuses a condition compares with as
	 * {@code :failed} and {@code :gone}: bound, never written into the SQL.
	 */
	static MapSqlParameterSource parameters(long instanceId) {
		return new MapSqlParameterSource("instanceId", instanceId).addValue("failed", FigureStatus.FAILED.value())
			.addValue("gone", FigureStatus.GONE.value());
	}

	/**
	 * Deletes what a chunk's applications left in a table, in one batch: a chunk done
	 * again replaces its rows.
	 */
	static void deleteRows(JdbcTemplate jdbc, String table, long instanceId, List<Long> applicationIds) {
		jdbc.batchUpdate("DELETE FROM " + table + " WHERE JOB_INSTANCE_ID = ? AND APPLICATION_ID = ?", applicationIds,
				applicationIds.size(), (ps, id) -> {
					ps.setLong(1, instanceId);
					ps.setLong(2, id);
				});
	}

	static void setLong(PreparedStatement ps, int index, Long value) throws SQLException {
		if (value == null) {
			ps.setNull(index, Types.BIGINT);
		}
		else {
			ps.setLong(index, value);
		}
	}

	static void setNumber(PreparedStatement ps, int index, Double value) throws SQLException {
		if (value == null) {
			ps.setNull(index, Types.DOUBLE);
		}
		else {
			ps.setDouble(index, value);
		}
	}

	static Double number(ResultSet rs, String column) throws SQLException {
		double value = rs.getDouble(column);
		return rs.wasNull() ? null : value;
	}

	static Double number(ResultSet rs, int column) throws SQLException {
		double value = rs.getDouble(column);
		return rs.wasNull() ? null : value;
	}

	static String truncate(String text, int length) {
		return text == null || text.length() <= length ? text : text.substring(0, length);
	}

}
