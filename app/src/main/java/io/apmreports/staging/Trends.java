package io.apmreports.staging;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Collections;
import java.util.List;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.stereotype.Repository;

import io.apmreports.source.TrendSlice;

/**
 * Each application's series over the range ({@code APM_REPORT_TREND}), and what the
 * charts read of the series and figures; a row with slice -1 marks an application whose
 * series came back empty.
 */
@Repository
public class Trends {

	static final String TABLE = "APM_REPORT_TREND";

	/** Rows of one insert statement: 700 parameters, within every driver's limit. */
	private static final int ROWS_A_STATEMENT = 100;

	private static final String INSERT = """
			INSERT INTO APM_REPORT_TREND
			  (JOB_INSTANCE_ID, APPLICATION_ID, SLICE, FROM_SECOND, TO_SECOND, RESPONSE_TIME_MS, THROUGHPUT_RPM)
			VALUES
			""";

	private final JdbcTemplate jdbc;

	private final NamedParameterJdbcTemplate named;

	Trends(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
		this.named = new NamedParameterJdbcTemplate(jdbc);
	}

	/**
	 * Stages a chunk's applications' series, replacing what an earlier attempt staged of
	 * the same applications: many rows a statement, where a batch of one-row statements
	 * costs H2 a statement each.
	 */
	public void save(long instanceId, List<? extends List<TrendSlice>> applications) {
		List<TrendSlice> slices = applications.stream().flatMap(List::stream).toList();
		StagingSql.deleteRows(jdbc, TABLE, instanceId,
				slices.stream().map(TrendSlice::applicationId).distinct().toList());
		for (int first = 0; first < slices.size(); first += ROWS_A_STATEMENT) {
			List<TrendSlice> rows = slices.subList(first, Math.min(first + ROWS_A_STATEMENT, slices.size()));
			jdbc.update(INSERT + String.join(", ", Collections.nCopies(rows.size(), "(?, ?, ?, ?, ?, ?, ?)")), ps -> {
				int index = 1;
				for (TrendSlice slice : rows) {
					ps.setLong(index++, instanceId);
					ps.setLong(index++, slice.applicationId());
					ps.setInt(index++, slice.slice());
					StagingSql.setLong(ps, index++, slice.from() == null ? null : slice.from().toEpochSecond());
					StagingSql.setLong(ps, index++, slice.to() == null ? null : slice.to().toEpochSecond());
					StagingSql.setNumber(ps, index++, slice.responseTimeMs());
					StagingSql.setNumber(ps, index++, slice.throughputRpm());
				}
			});
		}
	}

	/**
	 * The applications that have a series, in report order (name, then id): read once, so
	 * that their groups are not sorted out of the whole account again for each.
	 */
	public List<Long> applicationsWithSeries(long instanceId) {
		return jdbc.queryForList("""
				SELECT a.APPLICATION_ID
				FROM APM_REPORT_APPLICATION a
				WHERE a.JOB_INSTANCE_ID = ? AND EXISTS (
				  SELECT 1 FROM APM_REPORT_TREND t
				  WHERE t.JOB_INSTANCE_ID = a.JOB_INSTANCE_ID AND t.APPLICATION_ID = a.APPLICATION_ID AND t.SLICE >= 0)
				ORDER BY LOWER(a.NAME), a.APPLICATION_ID
				""", Long.class, instanceId);
	}

	/**
	 * The points of some applications' series in report order: by application as
	 * {@link #applicationsWithSeries} orders them, then by slice.
	 */
	public void forEachPoint(long instanceId, List<Long> applicationIds, RowConsumer<TrendPoint> consumer) {
		if (applicationIds.isEmpty()) {
			return;
		}
		// the group's applications first: their series are then looked up by the index,
		// where from the series' side the whole run's would be scanned for every group
		named.query("""
				SELECT t.*, a.NAME
				FROM APM_REPORT_APPLICATION a
				JOIN APM_REPORT_TREND t ON t.JOB_INSTANCE_ID = a.JOB_INSTANCE_ID AND t.APPLICATION_ID = a.APPLICATION_ID
				WHERE a.JOB_INSTANCE_ID = :instanceId AND a.APPLICATION_ID IN (:ids) AND t.SLICE >= 0
				ORDER BY LOWER(a.NAME), a.APPLICATION_ID, t.SLICE
				""", new MapSqlParameterSource("instanceId", instanceId).addValue("ids", applicationIds),
				(RowCallbackHandler) rs -> consumer.accept(trendPoint(rs)));
	}

	/**
	 * The {@code top} applications by web throughput, with their figures: what the charts
	 * show.
	 */
	public List<ChartFigures> busiestByThroughput(long instanceId, int top) {
		return jdbc.query(
				"""
						SELECT a.APPLICATION_ID, a.NAME, f.*
						FROM APM_REPORT_APPLICATION a
						JOIN APM_REPORT_FIGURES f ON f.JOB_INSTANCE_ID = a.JOB_INSTANCE_ID AND f.APPLICATION_ID = a.APPLICATION_ID
						WHERE a.JOB_INSTANCE_ID = ? AND f.THROUGHPUT_RPM > 0
						ORDER BY f.THROUGHPUT_RPM DESC, a.APPLICATION_ID
						FETCH FIRST %d ROWS ONLY
						"""
					.formatted(top),
				(rs, row) -> new ChartFigures(rs.getLong("APPLICATION_ID"), rs.getString("NAME"),
						FigureRows.read(rs, ""), StagingSql.number(rs, "APDEX_SCORE"),
						StagingSql.number(rs, "ERROR_RATE")),
				instanceId);
	}

	/** One application's series, in time order. */
	public List<TrendPoint> series(long instanceId, long applicationId) {
		return jdbc.query(
				"""
						SELECT t.*, a.NAME
						FROM APM_REPORT_TREND t
						JOIN APM_REPORT_APPLICATION a ON a.JOB_INSTANCE_ID = t.JOB_INSTANCE_ID AND a.APPLICATION_ID = t.APPLICATION_ID
						WHERE t.JOB_INSTANCE_ID = ? AND t.APPLICATION_ID = ? AND t.SLICE >= 0
						ORDER BY t.SLICE
						""",
				(rs, row) -> trendPoint(rs), instanceId, applicationId);
	}

	private static TrendPoint trendPoint(ResultSet rs) throws SQLException {
		return new TrendPoint(rs.getLong("APPLICATION_ID"), rs.getString("NAME"), utc(rs.getLong("FROM_SECOND")),
				utc(rs.getLong("TO_SECOND")), StagingSql.number(rs, "RESPONSE_TIME_MS"),
				StagingSql.number(rs, "THROUGHPUT_RPM"));
	}

	/**
	 * A slice's time as the service answers it, in UTC; readers tell it in their zone.
	 */
	private static OffsetDateTime utc(long epochSecond) {
		return Instant.ofEpochSecond(epochSecond).atOffset(ZoneOffset.UTC);
	}

}
