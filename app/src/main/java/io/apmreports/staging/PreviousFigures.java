package io.apmreports.staging;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.stereotype.Repository;

import io.apmreports.formula.Change;
import io.apmreports.formula.FigureColumn;
import io.apmreports.source.ApplicationFigures;

/**
 * The figures of the previous period of the same calendar length
 * ({@code APM_REPORT_PREVIOUS}, the same columns as {@link CurrentFigures}), read side by
 * side with the range's.
 */
@Repository
public class PreviousFigures {

	static final String TABLE = "APM_REPORT_PREVIOUS";

	/** The figures compared, as named in summary.csv once in lower case. */
	private static final List<String> COMPARED = Stream
		.concat(Arrays.stream(FigureColumn.values()).map(FigureColumn::column), Stream.of("APDEX_SCORE", "ERROR_RATE"))
		.toList();

	private final JdbcTemplate jdbc;

	PreviousFigures(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	public void save(long instanceId, List<? extends ApplicationFigures> figures) {
		FigureRows.save(jdbc, TABLE, instanceId, figures);
	}

	/** One row per application and compared figure, in long form, in report order. */
	public void forEachComparison(long instanceId, RowConsumer<ComparisonRow> consumer) {
		jdbc.query(comparisonQuery(), (RowCallbackHandler) rs -> {
			for (String figure : COMPARED) {
				consumer.accept(comparison(rs, figure));
			}
		}, instanceId);
	}

	private static String comparisonQuery() {
		StringBuilder select = new StringBuilder("SELECT a.APPLICATION_ID, a.NAME");
		for (String figure : COMPARED) {
			select.append(", c.").append(figure).append(" AS C_").append(figure);
			select.append(", p.").append(figure).append(" AS P_").append(figure);
		}
		return select.append(" FROM ")
			.append(StagedApplications.TABLE)
			.append(" a JOIN ")
			.append(CurrentFigures.TABLE)
			.append(" c ON c.JOB_INSTANCE_ID = a.JOB_INSTANCE_ID AND c.APPLICATION_ID = a.APPLICATION_ID ")
			.append("LEFT JOIN ")
			.append(TABLE)
			.append(" p ON p.JOB_INSTANCE_ID = a.JOB_INSTANCE_ID ")
			.append("AND p.APPLICATION_ID = a.APPLICATION_ID WHERE a.JOB_INSTANCE_ID = ? ")
			.append("ORDER BY LOWER(a.NAME), a.APPLICATION_ID")
			.toString();
	}

	private static ComparisonRow comparison(ResultSet rs, String figure) throws SQLException {
		Double current = StagingSql.number(rs, "C_" + figure);
		Double previous = StagingSql.number(rs, "P_" + figure);
		Change change = new Change(current, previous);
		return new ComparisonRow(rs.getLong("APPLICATION_ID"), rs.getString("NAME"), figure.toLowerCase(Locale.ROOT),
				current, previous, change.difference(), change.percent());
	}

}
