package io.apmreports.staging;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.List;

import org.springframework.jdbc.core.DataClassRowMapper;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.stereotype.Repository;

import io.apmreports.range.TimeRange;
import io.apmreports.source.TrendSlice;

/**
 * Each application's series over the range ({@code APM_REPORT_TREND}), and what the
 * charts read of the series and figures; a row with slice -1 marks an application whose
 * series came back empty.
 */
@Repository
public class Trends {

	static final String TABLE = "APM_REPORT_TREND";

	private final JdbcTemplate jdbc;

	private final NamedParameterJdbcTemplate named;

	Trends(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
		this.named = new NamedParameterJdbcTemplate(jdbc);
	}

	/**
	 * Stages a chunk's applications' series, replacing what an earlier attempt staged of
	 * the same applications.
	 */
	public void save(long instanceId, List<? extends List<TrendSlice>> applications) {
		List<TrendSlice> slices = applications.stream().flatMap(List::stream).toList();
		StagingSql.deleteRows(jdbc, TABLE, instanceId,
				slices.stream().map(TrendSlice::applicationId).distinct().toList());
		jdbc.batchUpdate(StagingSql.insert(TABLE, List.of("JOB_INSTANCE_ID", "APPLICATION_ID", "SLICE", "FROM_TIME",
				"TO_TIME", "RESPONSE_TIME_MS", "THROUGHPUT_RPM")), slices, slices.size(), (ps, slice) -> {
					ps.setLong(1, instanceId);
					ps.setLong(2, slice.applicationId());
					ps.setInt(3, slice.slice());
					ps.setString(4, slice.from() == null ? null : TimeRange.format(slice.from()));
					ps.setString(5, slice.to() == null ? null : TimeRange.format(slice.to()));
					StagingSql.setNumber(ps, 6, slice.responseTimeMs());
					StagingSql.setNumber(ps, 7, slice.throughputRpm());
				});
	}

	/** Every point of every series, in report order. */
	public void forEach(long instanceId, RowConsumer<TrendPoint> consumer) {
		jdbc.query(
				"""
						SELECT t.*, a.NAME
						FROM APM_REPORT_TREND t
						JOIN APM_REPORT_APPLICATION a ON a.JOB_INSTANCE_ID = t.JOB_INSTANCE_ID AND a.APPLICATION_ID = t.APPLICATION_ID
						WHERE t.JOB_INSTANCE_ID = ? AND t.SLICE >= 0
						ORDER BY LOWER(a.NAME), t.APPLICATION_ID, t.SLICE
						""",
				(RowCallbackHandler) rs -> consumer.accept(trendPoint(rs)), instanceId);
	}

	/**
	 * The applications that have a series, in report order (name, then id), from
	 * {@code offset} on and at most {@code limit} of them: one group of the table by
	 * slice at a time, so that an account of thousands of applications is never held.
	 */
	public List<NamedApplication> applications(long instanceId, int offset, int limit) {
		return jdbc.query("""
				SELECT a.APPLICATION_ID AS ID, a.NAME
				FROM APM_REPORT_APPLICATION a
				WHERE a.JOB_INSTANCE_ID = ? AND EXISTS (
				  SELECT 1 FROM APM_REPORT_TREND t
				  WHERE t.JOB_INSTANCE_ID = a.JOB_INSTANCE_ID AND t.APPLICATION_ID = a.APPLICATION_ID AND t.SLICE >= 0)
				ORDER BY LOWER(a.NAME), a.APPLICATION_ID
				OFFSET ? ROWS FETCH NEXT ? ROWS ONLY
				""", new DataClassRowMapper<>(NamedApplication.class), instanceId, offset, limit);
	}

	/**
	 * The points of some applications' series ordered by slice, then in report order: the
	 * rows of the table by slice, one after the other.
	 */
	public void forEachSlice(long instanceId, List<Long> applicationIds, RowConsumer<TrendPoint> consumer) {
		if (applicationIds.isEmpty()) {
			return;
		}
		// the group's applications first: H2 then looks their series up by key, where
		// from the series' side it would scan the whole run's for every group
		named.query("""
				SELECT t.*, a.NAME
				FROM APM_REPORT_APPLICATION a
				JOIN APM_REPORT_TREND t ON t.JOB_INSTANCE_ID = a.JOB_INSTANCE_ID AND t.APPLICATION_ID = a.APPLICATION_ID
				WHERE a.JOB_INSTANCE_ID = :instanceId AND a.APPLICATION_ID IN (:ids) AND t.SLICE >= 0
				ORDER BY t.SLICE, LOWER(a.NAME), t.APPLICATION_ID
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
		return new TrendPoint(rs.getLong("APPLICATION_ID"), rs.getString("NAME"),
				OffsetDateTime.parse(rs.getString("FROM_TIME")), OffsetDateTime.parse(rs.getString("TO_TIME")),
				StagingSql.number(rs, "RESPONSE_TIME_MS"), StagingSql.number(rs, "THROUGHPUT_RPM"));
	}

}
