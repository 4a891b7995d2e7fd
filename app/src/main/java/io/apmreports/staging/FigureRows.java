package io.apmreports.staging;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import org.springframework.jdbc.core.JdbcTemplate;

import io.apmreports.formula.Breakdown;
import io.apmreports.formula.FigureColumn;
import io.apmreports.formula.Figures;
import io.apmreports.source.ApplicationFigures;

/**
 * The figure columns, one per {@link FigureColumn}, as the figures, previous and host
 * tables hold them; and the rows of the two tables of application figures, which have the
 * same columns.
 */
final class FigureRows {

	private static final List<String> COLUMNS = Arrays.stream(FigureColumn.values()).map(FigureColumn::column).toList();

	private FigureRows() {
	}

	/**
	 * The figure columns in their order, each with {@code prefix} (a table alias such as
	 * {@code f.}, or nothing).
	 */
	static List<String> columns(String prefix) {
		return COLUMNS.stream().map(column -> prefix + column).toList();
	}

	/**
	 * Binds the breakdown's figures from parameter {@code first} on, all absent without
	 * one; answers the next.
	 */
	static int bind(PreparedStatement ps, int first, Breakdown breakdown) throws SQLException {
		int index = first;
		for (FigureColumn figure : FigureColumn.values()) {
			StagingSql.setNumber(ps, index++, figure.of(breakdown));
		}
		return index;
	}

	/** The figure columns of a row, read under their own names with {@code prefix}. */
	static Figures read(ResultSet rs, String prefix) throws SQLException {
		Map<FigureColumn, Double> values = new EnumMap<>(FigureColumn.class);
		for (FigureColumn figure : FigureColumn.values()) {
			values.put(figure, StagingSql.number(rs, prefix + figure.column()));
		}
		return new Figures(values);
	}

	/** Replaces the rows of the chunk's applications in {@code table}. */
	static void save(JdbcTemplate jdbc, String table, long instanceId, List<? extends ApplicationFigures> figures) {
		StagingSql.deleteRows(jdbc, table, instanceId,
				figures.stream().map(ApplicationFigures::applicationId).toList());
		List<String> columns = new ArrayList<>(List.of("JOB_INSTANCE_ID", "APPLICATION_ID"));
		columns.addAll(COLUMNS);
		columns.addAll(List.of("APDEX_SCORE", "ERROR_RATE", "CALL_VOLUME", "STATUS", "STATUS_DETAIL",
				"DATABASE_FORMULA", "WEB_TIME_SOURCE", "DROPPED_TERMS", "DATASTORE_TYPES"));
		jdbc.batchUpdate(StagingSql.insert(table, columns), figures, figures.size(),
				(ps, item) -> bind(ps, instanceId, item));
	}

	private static void bind(PreparedStatement ps, long instanceId, ApplicationFigures item) throws SQLException {
		Breakdown b = item.breakdown();
		Breakdown.Provenance provenance = b == null ? null : b.provenance();
		ps.setLong(1, instanceId);
		ps.setLong(2, item.applicationId());
		int index = bind(ps, 3, b);
		StagingSql.setNumber(ps, index++, item.apdexScore());
		StagingSql.setNumber(ps, index++, item.errorRate());
		StagingSql.setNumber(ps, index++, item.callVolume());
		ps.setString(index++, item.status().value());
		ps.setString(index++, StagingSql.truncate(item.statusDetail(), 2000));
		ps.setString(index++, provenance == null ? null : provenance.databaseFormula().name());
		ps.setString(index++, provenance == null ? null : provenance.webTimeSource().name());
		ps.setString(index++,
				provenance == null ? null : StagingSql.truncate(String.join("; ", provenance.droppedTerms()), 4000));
		ps.setString(index, provenance == null ? null : String.join(",", provenance.datastoreTypes()));
	}

}
