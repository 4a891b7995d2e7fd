package io.apmreports.history;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.springframework.jdbc.core.ConnectionCallback;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

import io.apmreports.range.TimeRange;

/**
 * The kept figures ({@code APM_FIGURE_HISTORY}). Recording a period again replaces its
 * rows of that key, scope and subject, on either database, so a run repeated, forced or
 * restarted records once per period. Periods are matched by their instants: a week read
 * in Berlin is the week recorded in Berlin, whatever offset its bounds were written with.
 */
@Repository
public class FigureHistory {

	private static final String TABLE = "APM_FIGURE_HISTORY";

	private static final String KEY = "REPORT_NAME, SOURCE_KEY, ACCOUNTS, TEAM, SCOPE, ACCOUNT_ID, SUBJECT, "
			+ "PERIOD_FROM, PERIOD_TO";

	private static final String VALUES = "NAME, CALLS, WEB_CALLS, THROUGHPUT_RPM, RESPONSE_TIME_MS, APDEX_SCORE, "
			+ "APDEX_SATISFIED, APDEX_TOLERATING, APDEX_FRUSTRATED, ERROR_RATE, ORIGIN, JOB_EXECUTION_ID, RECORDED_AT";

	private static final String PLACES = "?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?";

	private static final String H2_UPSERT = "MERGE INTO " + TABLE + " (" + KEY + ", " + VALUES + ") KEY (" + KEY
			+ ") VALUES (" + PLACES + ")";

	private static final String POSTGRESQL_UPSERT = "INSERT INTO " + TABLE + " (" + KEY + ", " + VALUES + ") VALUES ("
			+ PLACES + ") ON CONFLICT (" + KEY + ") DO UPDATE SET " + String.join(", ",
					Arrays.stream(VALUES.split(", ")).map(column -> column + " = EXCLUDED." + column).toList());

	private final JdbcTemplate jdbc;

	private volatile String upsert;

	FigureHistory(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	/** Keeps the rows under the key, each replacing what its period kept before. */
	@Transactional
	public void record(HistoryKey key, List<HistoryRow> rows, OffsetDateTime recordedAt) {
		jdbc.batchUpdate(upsert(), rows, 500, (ps, row) -> bind(ps, key, row, recordedAt));
	}

	/**
	 * Keeps the whole of one period under the key in place of what it kept before: a
	 * period recorded again with an application fewer, or one moved to another team,
	 * keeps no row of what it no longer has.
	 */
	@Transactional
	public void replace(HistoryKey key, TimeRange period, List<HistoryRow> rows, OffsetDateTime recordedAt) {
		jdbc.update(
				"""
						DELETE FROM APM_FIGURE_HISTORY
						WHERE REPORT_NAME = ? AND SOURCE_KEY = ? AND ACCOUNTS = ? AND TEAM = ? AND PERIOD_FROM = ? AND PERIOD_TO = ?
						""",
				key.report(), key.source(), key.accounts(), key.team(), utc(period.from().toInstant()),
				utc(period.to().toInstant()));
		record(key, rows, recordedAt);
	}

	/**
	 * The key's rows of one scope over the given periods, every subject's, each with the
	 * period as given (not as stored).
	 */
	public List<HistoryRow> rows(HistoryKey key, HistoryScope scope, List<TimeRange> periods) {
		List<HistoryRow> rows = new ArrayList<>();
		forEach(key, scope, periods, (rs, period) -> rows.add(row(rs, period)));
		return rows;
	}

	/**
	 * As {@link #rows(HistoryKey, HistoryScope, List)}, of only the given subjects (at
	 * most a few hundred, as one statement names them all).
	 */
	public List<HistoryRow> rows(HistoryKey key, HistoryScope scope, List<TimeRange> periods,
			Collection<String> subjects) {
		if (subjects.isEmpty()) {
			return List.of();
		}
		List<HistoryRow> rows = new ArrayList<>();
		forEach(key, scope, periods, List.copyOf(subjects), (rs, period) -> rows.add(row(rs, period)));
		return rows;
	}

	/**
	 * How each of the periods the key kept was kept, by its report's row; a period not
	 * kept has none. Each with the period as given.
	 */
	public Map<TimeRange, Kept> kept(HistoryKey key, List<TimeRange> periods) {
		Map<TimeRange, Kept> kept = new LinkedHashMap<>();
		forEach(key, HistoryScope.REPORT, periods, (rs, period) -> {
			long execution = rs.getLong("JOB_EXECUTION_ID");
			Long run = rs.wasNull() ? null : execution;
			kept.put(period, new Kept(HistoryOrigin.ofColumn(rs.getString("ORIGIN")), run,
					OffsetDateTime.parse(rs.getString("RECORDED_AT"))));
		});
		return kept;
	}

	private void forEach(HistoryKey key, HistoryScope scope, List<TimeRange> periods, PeriodRow consumer) {
		forEach(key, scope, periods, List.of(), consumer);
	}

	/**
	 * The rows of the periods, of only the given subjects unless there are none given: a
	 * step that reads a few applications at a time reads only theirs.
	 */
	private void forEach(HistoryKey key, HistoryScope scope, List<TimeRange> periods, List<String> subjects,
			PeriodRow consumer) {
		if (periods.isEmpty()) {
			return;
		}
		Map<List<Instant>, TimeRange> asked = new HashMap<>();
		periods.forEach(period -> asked.put(instants(period), period));
		Instant first = periods.stream().map(period -> period.from().toInstant()).min(Instant::compareTo).orElseThrow();
		Instant last = periods.stream().map(period -> period.to().toInstant()).max(Instant::compareTo).orElseThrow();
		List<Object> arguments = new ArrayList<>(
				List.of(key.report(), key.source(), key.accounts(), key.team(), scope.column(), utc(first), utc(last)));
		arguments.addAll(subjects);
		String ofSubjects = subjects.isEmpty() ? ""
				: " AND SUBJECT IN (" + String.join(", ", Collections.nCopies(subjects.size(), "?")) + ")";
		jdbc.query("""
				SELECT * FROM APM_FIGURE_HISTORY
				WHERE REPORT_NAME = ? AND SOURCE_KEY = ? AND ACCOUNTS = ? AND TEAM = ? AND SCOPE = ?
				AND PERIOD_FROM >= ? AND PERIOD_TO <= ?""" + ofSubjects + " ORDER BY PERIOD_FROM, ACCOUNT_ID, SUBJECT",
				rs -> {
					TimeRange period = asked
						.get(List.of(time(rs, "PERIOD_FROM").toInstant(), time(rs, "PERIOD_TO").toInstant()));
					if (period != null) {
						consumer.accept(rs, period);
					}
				}, arguments.toArray());
	}

	/** Every period the key has a report row of, oldest first, as stored (in UTC). */
	public List<TimeRange> periods(HistoryKey key) {
		return jdbc.query("""
				SELECT PERIOD_FROM, PERIOD_TO FROM APM_FIGURE_HISTORY
				WHERE REPORT_NAME = ? AND SOURCE_KEY = ? AND ACCOUNTS = ? AND TEAM = ? AND SCOPE = 'report'
				ORDER BY PERIOD_FROM
				""", (rs, row) -> new TimeRange(time(rs, "PERIOD_FROM"), time(rs, "PERIOD_TO")), key.report(),
				key.source(), key.accounts(), key.team());
	}

	/** Forgets the periods that ended before {@code time}; answers how many rows went. */
	public int forgetBefore(OffsetDateTime time) {
		return jdbc.update("DELETE FROM " + TABLE + " WHERE PERIOD_TO < ?", utc(time.toInstant()));
	}

	private static void bind(PreparedStatement ps, HistoryKey key, HistoryRow row, OffsetDateTime recordedAt)
			throws SQLException {
		int column = 0;
		ps.setString(++column, key.report());
		ps.setString(++column, key.source());
		ps.setString(++column, key.accounts());
		ps.setString(++column, key.team());
		ps.setString(++column, row.scope().column());
		ps.setLong(++column, row.accountId());
		ps.setString(++column, row.subject());
		ps.setObject(++column, utc(row.period().from().toInstant()));
		ps.setObject(++column, utc(row.period().to().toInstant()));
		ps.setString(++column, row.name());
		HistoryFigures figures = row.figures();
		for (Double figure : Arrays.asList(figures.calls(), figures.webCalls(), figures.throughputRpm(),
				figures.responseTimeMs(), figures.apdexScore(), figures.apdexSatisfied(), figures.apdexTolerating(),
				figures.apdexFrustrated(), figures.errorRate())) {
			// an infinite or NaN figure is no figure: kept as absent, never as a number
			ps.setObject(++column, figure == null || !Double.isFinite(figure) ? null : figure, Types.DOUBLE);
		}
		ps.setString(++column, row.origin().column());
		ps.setObject(++column, row.jobExecutionId(), Types.BIGINT);
		ps.setString(++column, TimeRange.format(recordedAt));
	}

	private static HistoryRow row(ResultSet rs, TimeRange period) throws SQLException {
		HistoryFigures figures = new HistoryFigures(number(rs, "CALLS"), number(rs, "WEB_CALLS"),
				number(rs, "THROUGHPUT_RPM"), number(rs, "RESPONSE_TIME_MS"), number(rs, "APDEX_SCORE"),
				number(rs, "APDEX_SATISFIED"), number(rs, "APDEX_TOLERATING"), number(rs, "APDEX_FRUSTRATED"),
				number(rs, "ERROR_RATE"));
		long execution = rs.getLong("JOB_EXECUTION_ID");
		Long run = rs.wasNull() ? null : execution;
		return new HistoryRow(HistoryScope.ofColumn(rs.getString("SCOPE")), rs.getLong("ACCOUNT_ID"),
				rs.getString("SUBJECT"), rs.getString("NAME"), period, figures,
				HistoryOrigin.ofColumn(rs.getString("ORIGIN")), run);
	}

	private static Double number(ResultSet rs, String column) throws SQLException {
		double value = rs.getDouble(column);
		return rs.wasNull() ? null : value;
	}

	private static OffsetDateTime time(ResultSet rs, String column) throws SQLException {
		return rs.getObject(column, OffsetDateTime.class).withOffsetSameInstant(ZoneOffset.UTC);
	}

	private static OffsetDateTime utc(Instant instant) {
		return instant.atOffset(ZoneOffset.UTC);
	}

	private static List<Instant> instants(TimeRange period) {
		return List.of(period.from().toInstant(), period.to().toInstant());
	}

	/** The database's own upsert: both take a whole key, neither the other's words. */
	private String upsert() {
		if (upsert == null) {
			String database = jdbc
				.execute((ConnectionCallback<String>) connection -> connection.getMetaData().getDatabaseProductName());
			upsert = "PostgreSQL".equals(database) ? POSTGRESQL_UPSERT : H2_UPSERT;
		}
		return upsert;
	}

	/**
	 * How one period was kept.
	 *
	 * @param origin by a run, or by a backfill from which source
	 * @param jobExecutionId the run that recorded it, or {@code null} for a backfill
	 * @param recordedAt when
	 */
	public record Kept(HistoryOrigin origin, Long jobExecutionId, OffsetDateTime recordedAt) {
	}

	@FunctionalInterface
	private interface PeriodRow {

		void accept(ResultSet rs, TimeRange period) throws SQLException;

	}

}
