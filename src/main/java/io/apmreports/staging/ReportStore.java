package io.apmreports.staging;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.stereotype.Repository;

import io.apmreports.delivery.EmailSummary;
import io.apmreports.formula.Breakdown;
import io.apmreports.output.AboutRow;
import io.apmreports.output.Figures;
import io.apmreports.output.Overview;
import io.apmreports.output.SummaryRow;
import io.apmreports.output.UsageRow;
import io.apmreports.range.TimeRange;

/**
 * The staging tables of report runs, keyed by job instance. Writes replace the rows of the same applications, so a
 * chunk written again after a crash leaves exactly one row per application.
 */
@Repository
public class ReportStore {

	public static final String STAGED_COLUMNS = "APPLICATION_ID, NAME, LANGUAGE, HEALTH_STATUS, REPORTING, HOST_COUNT, "
			+ "INSTANCE_COUNT";

	static final String FIGURES = "APM_REPORT_FIGURES";

	public static final String PREVIOUS = "APM_REPORT_PREVIOUS";

	/** Staged applications without figures, or whose fetch failed: what the fetch step still has to do. */
	public static final String NOT_YET_FIGURED = notYetIn(FIGURES, "AND f.STATUS <> 'failed'");

	/**
	 * Leaves out staged applications whose figures found them gone: their previous period and series would answer
	 * 404 too. (Their hosts are still asked for, so that {@code hosts.csv} says they are gone.)
	 */
	public static final String AND_NOT_GONE = " AND NOT EXISTS (SELECT 1 FROM " + FIGURES + " g WHERE g.JOB_INSTANCE_ID = "
			+ "APM_REPORT_APPLICATION.JOB_INSTANCE_ID AND g.APPLICATION_ID = APM_REPORT_APPLICATION.APPLICATION_ID "
			+ "AND g.STATUS = 'gone')";

	/**
	 * The condition that selects staged applications without rows in {@code table} (meeting {@code condition}): what
	 * a restarted fetch step still has to do.
	 */
	public static String notYetIn(String table, String condition) {
		return "NOT EXISTS (SELECT 1 FROM " + table + " f WHERE f.JOB_INSTANCE_ID = APM_REPORT_APPLICATION.JOB_INSTANCE_ID "
				+ "AND f.APPLICATION_ID = APM_REPORT_APPLICATION.APPLICATION_ID " + condition + ")";
	}

	private final JdbcTemplate jdbc;

	ReportStore(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	public void clear(long instanceId) {
		for (String table : List.of(FIGURES, PREVIOUS, "APM_REPORT_HOST", "APM_REPORT_TREND",
				"APM_REPORT_KEY_TRANSACTION", "APM_REPORT_APPLICATION")) {
			jdbc.update("DELETE FROM " + table + " WHERE JOB_INSTANCE_ID = ?", instanceId);
		}
	}

	public void saveApplications(long instanceId, List<? extends StagedApplication> listed) {
		// a list that shifts while it is paged can show an application twice; it is one row
		Map<Long, StagedApplication> unique = new LinkedHashMap<>();
		listed.forEach(application -> unique.put(application.id(), application));
		List<StagedApplication> applications = List.copyOf(unique.values());
		deleteRows(jdbc, "APM_REPORT_APPLICATION", instanceId,
				applications.stream().map(StagedApplication::id).toList());
		jdbc.batchUpdate("INSERT INTO APM_REPORT_APPLICATION (JOB_INSTANCE_ID, " + STAGED_COLUMNS
				+ ") VALUES (?, ?, ?, ?, ?, ?, ?, ?)", applications, applications.size(), (ps, application) -> {
					ps.setLong(1, instanceId);
					ps.setLong(2, application.id());
					ps.setString(3, application.name());
					ps.setString(4, application.language());
					ps.setString(5, application.healthStatus());
					ps.setBoolean(6, application.reporting());
					ps.setInt(7, application.hostCount());
					ps.setInt(8, application.instanceCount());
				});
	}

	public void saveFigures(long instanceId, List<? extends ApplicationFigures> figures) {
		saveFigures(FIGURES, instanceId, figures);
	}

	/** Saves figures into {@link #FIGURES} or, for the previous period, {@link #PREVIOUS}. */
	public void saveFigures(String table, long instanceId, List<? extends ApplicationFigures> figures) {
		deleteRows(jdbc, table, instanceId, figures.stream().map(ApplicationFigures::applicationId).toList());
		jdbc.batchUpdate("INSERT INTO " + table + " (JOB_INSTANCE_ID, APPLICATION_ID, THROUGHPUT_RPM, "
				+ "NON_WEB_THROUGHPUT_RPM, RESPONSE_TIME_MS, REQUEST_QUEUING_MS, WEB_TRANSACTION_TIME_MS, "
				+ "APPLICATION_TIME_MS, DATASTORE_MS, DATABASE_MS, RUBY_DATABASE_MS, EXTERNAL_MS, CACHE_MS, STATUS, "
				+ "STATUS_DETAIL, DATABASE_FORMULA, WEB_TIME_SOURCE, DROPPED_TERMS, APDEX_SCORE, ERROR_RATE, "
				+ "CALL_VOLUME, DATASTORE_TYPES) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", figures, figures.size(),
				(ps, item) -> bindFigures(ps, instanceId, item));
	}

	private static void bindFigures(PreparedStatement ps, long instanceId, ApplicationFigures item)
			throws SQLException {
		Breakdown b = item.breakdown();
		ps.setLong(1, instanceId);
		ps.setLong(2, item.applicationId());
		Double[] figures = figureValues(b);
		for (int i = 0; i < figures.length; i++) {
			setNumber(ps, 3 + i, figures[i]);
		}
		setNumber(ps, 19, item.apdexScore());
		setNumber(ps, 20, item.errorRate());
		setNumber(ps, 21, item.callVolume());
		ps.setString(22, b == null ? null : String.join(",", b.provenance().datastoreTypes()));
		ps.setString(14, item.status());
		ps.setString(15, truncate(item.statusDetail(), 2000));
		ps.setString(16, b == null ? null : b.provenance().databaseFormula().name());
		ps.setString(17, b == null ? null : b.provenance().webTimeSource().name());
		ps.setString(18, b == null ? null : truncate(String.join("; ", b.provenance().droppedTerms()), 4000));
	}

	/** The eleven figures of a breakdown in column order (THROUGHPUT_RPM to CACHE_MS); all absent without one. */
	static Double[] figureValues(Breakdown b) {
		return b == null ? new Double[11]
				: new Double[] { b.throughputRpm(), b.nonWebThroughputRpm(), b.responseTimeMs(), b.requestQueuingMs(),
						b.webTransactionTimeMs(), b.applicationTimeMs(), b.datastoreMs(), b.databaseMs(),
						b.rubyDatabaseMs(), b.externalMs(), b.cacheMs() };
	}

	static void setNumber(PreparedStatement ps, int index, Double value) throws SQLException {
		if (value == null) {
			ps.setNull(index, Types.DOUBLE);
		}
		else {
			ps.setDouble(index, value);
		}
	}

	/** Deletes what a chunk's applications left in a table, in one batch: a chunk done again replaces its rows. */
	static void deleteRows(JdbcTemplate jdbc, String table, long instanceId, List<Long> applicationIds) {
		jdbc.batchUpdate("DELETE FROM " + table + " WHERE JOB_INSTANCE_ID = ? AND APPLICATION_ID = ?", applicationIds,
				applicationIds.size(), (ps, id) -> {
					ps.setLong(1, instanceId);
					ps.setLong(2, id);
				});
	}

	/** The database types an application's figures summed, so that its hosts are asked for the same. */
	public List<String> datastoreTypes(long instanceId, long applicationId) {
		List<String> types = jdbc.queryForList("SELECT DATASTORE_TYPES FROM APM_REPORT_FIGURES "
				+ "WHERE JOB_INSTANCE_ID = ? AND APPLICATION_ID = ?", String.class, instanceId, applicationId);
		return types.isEmpty() || types.get(0) == null || types.get(0).isEmpty() ? List.of()
				: List.of(types.get(0).split(","));
	}

	/** How many staged applications the fetch step still has to do. */
	public long countToFetch(long instanceId) {
		Long count = jdbc.queryForObject("SELECT COUNT(*) FROM APM_REPORT_APPLICATION WHERE JOB_INSTANCE_ID = ? AND "
				+ NOT_YET_FIGURED, Long.class, instanceId);
		return count == null ? 0 : count;
	}

	/**
	 * How many staged applications are still there (gone ones are not: they no longer count towards the share), and
	 * how many of them failed, with the first failure's detail.
	 */
	public FailureCount countFailures(long instanceId) {
		return jdbc.queryForObject("SELECT COALESCE(SUM(CASE WHEN f.STATUS = 'gone' THEN 0 ELSE 1 END), 0) AS TOTAL, "
				+ "SUM(CASE WHEN f.STATUS = 'failed' OR f.STATUS IS NULL THEN 1 ELSE 0 END) AS FAILED, "
				+ "MIN(CASE WHEN f.STATUS = 'failed' THEN f.STATUS_DETAIL END) AS DETAIL, "
				+ "COALESCE(SUM(CASE WHEN f.STATUS = 'gone' THEN 1 ELSE 0 END), 0) AS GONE "
				+ "FROM APM_REPORT_APPLICATION a LEFT JOIN APM_REPORT_FIGURES f "
				+ "ON f.JOB_INSTANCE_ID = a.JOB_INSTANCE_ID AND f.APPLICATION_ID = a.APPLICATION_ID "
				+ "WHERE a.JOB_INSTANCE_ID = ?",
				(rs, row) -> new FailureCount(rs.getLong("TOTAL"), rs.getLong("FAILED"), rs.getString("DETAIL"),
						rs.getLong("GONE")),
				instanceId);
	}

	/**
	 * Failed applications of a run.
	 *
	 * @param total applications staged and not gone
	 * @param failed applications without figures
	 * @param example one failure's detail, or {@code null}
	 * @param gone applications that answered 404
	 */
	public record FailureCount(long total, long failed, String example, long gone) {
	}

	/**
	 * Streams the report's rows in report order (name, then id) without holding them all. An application that has no
	 * figures row was listed but never fetched, and is reported as failed rather than dropped.
	 */
	public void forEachRow(long instanceId, TimeRange range, RowConsumer<SummaryRow> consumer) {
		jdbc.query("SELECT a.APPLICATION_ID, a.NAME, a.LANGUAGE, a.HEALTH_STATUS, a.REPORTING, a.HOST_COUNT, "
				+ "a.INSTANCE_COUNT, f.THROUGHPUT_RPM, f.NON_WEB_THROUGHPUT_RPM, f.RESPONSE_TIME_MS, "
				+ "f.REQUEST_QUEUING_MS, f.WEB_TRANSACTION_TIME_MS, f.APPLICATION_TIME_MS, f.DATASTORE_MS, "
				+ "f.DATABASE_MS, f.RUBY_DATABASE_MS, f.EXTERNAL_MS, f.CACHE_MS, f.STATUS, f.STATUS_DETAIL, "
				+ "f.APDEX_SCORE, f.ERROR_RATE "
				+ "FROM APM_REPORT_APPLICATION a LEFT JOIN APM_REPORT_FIGURES f "
				+ "ON f.JOB_INSTANCE_ID = a.JOB_INSTANCE_ID AND f.APPLICATION_ID = a.APPLICATION_ID "
				+ "WHERE a.JOB_INSTANCE_ID = ? ORDER BY LOWER(a.NAME), a.APPLICATION_ID",
				(RowCallbackHandler) rs -> consumer.accept(summaryRow(rs, range)), instanceId);
	}

	private static SummaryRow summaryRow(ResultSet rs, TimeRange range) throws SQLException {
		String status = rs.getString("STATUS");
		return new SummaryRow(rs.getLong("APPLICATION_ID"), rs.getString("NAME"), rs.getString("LANGUAGE"),
				rs.getString("HEALTH_STATUS"), rs.getBoolean("REPORTING"), rs.getInt("HOST_COUNT"),
				rs.getInt("INSTANCE_COUNT"), range.from(), range.to(), figures(rs), number(rs, "APDEX_SCORE"),
				number(rs, "ERROR_RATE"), status == null ? ApplicationFigures.FAILED : status,
				status == null ? "listed but its figures were never fetched" : rs.getString("STATUS_DETAIL"));
	}

	/** The eleven figure columns of a figures row, read under their own names. */
	static Figures figures(ResultSet rs) throws SQLException {
		return new Figures(number(rs, "THROUGHPUT_RPM"), number(rs, "NON_WEB_THROUGHPUT_RPM"),
				number(rs, "RESPONSE_TIME_MS"), number(rs, "REQUEST_QUEUING_MS"), number(rs, "WEB_TRANSACTION_TIME_MS"),
				number(rs, "APPLICATION_TIME_MS"), number(rs, "DATASTORE_MS"), number(rs, "DATABASE_MS"),
				number(rs, "RUBY_DATABASE_MS"), number(rs, "EXTERNAL_MS"), number(rs, "CACHE_MS"));
	}

	/** Each application's calls and hosts, with its share of the account's calls, in report order. */
	public void forEachUsage(long instanceId, TimeRange range, Double totalCalls, RowConsumer<UsageRow> consumer) {
		double minutes = range.duration().toSeconds() / 60.0;
		jdbc.query("SELECT a.APPLICATION_ID, a.NAME, a.LANGUAGE, a.HOST_COUNT, a.INSTANCE_COUNT, f.CALL_VOLUME, "
				+ "f.STATUS FROM APM_REPORT_APPLICATION a LEFT JOIN APM_REPORT_FIGURES f "
				+ "ON f.JOB_INSTANCE_ID = a.JOB_INSTANCE_ID AND f.APPLICATION_ID = a.APPLICATION_ID "
				+ "WHERE a.JOB_INSTANCE_ID = ? ORDER BY LOWER(a.NAME), a.APPLICATION_ID", (RowCallbackHandler) rs -> {
					Double calls = number(rs, "CALL_VOLUME");
					String status = rs.getString("STATUS");
					consumer.accept(new UsageRow(rs.getLong("APPLICATION_ID"), rs.getString("NAME"),
							rs.getString("LANGUAGE"), calls, calls == null ? null : calls / minutes,
							rs.getInt("HOST_COUNT"), rs.getInt("INSTANCE_COUNT"),
							calls == null || totalCalls == null || totalCalls == 0 ? null : calls / totalCalls,
							status == null ? ApplicationFigures.FAILED : status));
				}, instanceId);
	}

	/** How each application's figures were obtained, in report order. */
	public void forEachAbout(long instanceId, RowConsumer<AboutRow> consumer) {
		jdbc.query("SELECT a.APPLICATION_ID, a.NAME, f.DATABASE_FORMULA, f.WEB_TIME_SOURCE, f.DROPPED_TERMS "
				+ "FROM APM_REPORT_APPLICATION a JOIN APM_REPORT_FIGURES f "
				+ "ON f.JOB_INSTANCE_ID = a.JOB_INSTANCE_ID AND f.APPLICATION_ID = a.APPLICATION_ID "
				+ "WHERE a.JOB_INSTANCE_ID = ? AND f.DATABASE_FORMULA IS NOT NULL ORDER BY LOWER(a.NAME), a.APPLICATION_ID",
				(RowCallbackHandler) rs -> consumer.accept(new AboutRow(rs.getLong(1), rs.getString(2), rs.getString(3),
						rs.getString(4), rs.getString(5))),
				instanceId);
	}

	/** Applications of the run, failures, calls and web throughput in all; the worst movers are added by the caller. */
	public Overview overview(long instanceId, List<Overview.Mover> worstMovers) {
		return jdbc.queryForObject("SELECT COUNT(*), SUM(CASE WHEN f.STATUS = 'failed' OR f.STATUS IS NULL "
				+ "THEN 1 ELSE 0 END), SUM(CASE WHEN f.STATUS = 'gone' THEN 1 ELSE 0 END), SUM(f.CALL_VOLUME), "
				+ "SUM(f.THROUGHPUT_RPM) FROM APM_REPORT_APPLICATION a "
				+ "LEFT JOIN APM_REPORT_FIGURES f ON f.JOB_INSTANCE_ID = a.JOB_INSTANCE_ID "
				+ "AND f.APPLICATION_ID = a.APPLICATION_ID WHERE a.JOB_INSTANCE_ID = ?",
				(rs, row) -> new Overview(rs.getLong(1), rs.getLong(2), rs.getLong(3), number(rs, 4), number(rs, 5),
						worstMovers),
				instanceId);
	}

	/**
	 * The figures of a run's e-mail: the overview, the {@code rows} applications with the most calls, and the names
	 * of the failed ones (an application listed but never fetched counts as failed, as in the files).
	 */
	public EmailSummary emailSummary(long instanceId, int rows) {
		Overview overview = overview(instanceId, List.of());
		String from = "FROM APM_REPORT_APPLICATION a LEFT JOIN APM_REPORT_FIGURES f "
				+ "ON f.JOB_INSTANCE_ID = a.JOB_INSTANCE_ID AND f.APPLICATION_ID = a.APPLICATION_ID "
				+ "WHERE a.JOB_INSTANCE_ID = ? ";
		List<EmailSummary.Row> busiest = rows == 0 ? List.of() : jdbc.query("SELECT a.NAME, f.CALL_VOLUME, f.THROUGHPUT_RPM, "
				+ "f.RESPONSE_TIME_MS, f.ERROR_RATE, f.APDEX_SCORE, f.STATUS " + from
				+ "AND f.STATUS NOT IN ('failed', 'gone') ORDER BY f.CALL_VOLUME DESC NULLS LAST, LOWER(a.NAME), a.APPLICATION_ID "
				+ "FETCH FIRST " + rows + " ROWS ONLY",
				(rs, row) -> new EmailSummary.Row(rs.getString(1), number(rs, 2), number(rs, 3), number(rs, 4),
						number(rs, 5), number(rs, 6), rs.getString(7)),
				instanceId);
		List<String> failed = jdbc.queryForList("SELECT a.NAME " + from
				+ "AND (f.STATUS IS NULL OR f.STATUS = 'failed') ORDER BY LOWER(a.NAME), a.APPLICATION_ID", String.class,
				instanceId);
		List<String> gone = jdbc.queryForList("SELECT a.NAME " + from
				+ "AND f.STATUS = 'gone' ORDER BY LOWER(a.NAME), a.APPLICATION_ID", String.class, instanceId);
		return new EmailSummary(overview.applications(), overview.failed(), overview.gone(), overview.totalCalls(),
				overview.totalThroughputRpm(), busiest, failed, gone);
	}

	public static StagedApplication stagedApplication(ResultSet rs, int rowNum) throws SQLException {
		return new StagedApplication(rs.getLong("APPLICATION_ID"), rs.getString("NAME"), rs.getString("LANGUAGE"),
				rs.getString("HEALTH_STATUS"), rs.getBoolean("REPORTING"), rs.getInt("HOST_COUNT"),
				rs.getInt("INSTANCE_COUNT"));
	}

	static Double number(ResultSet rs, String column) throws SQLException {
		double value = rs.getDouble(column);
		return rs.wasNull() ? null : value;
	}

	static Double number(ResultSet rs, int column) throws SQLException {
		double value = rs.getDouble(column);
		return rs.wasNull() ? null : value;
	}

	private static String truncate(String text, int length) {
		return text == null || text.length() <= length ? text : text.substring(0, length);
	}

	/** Receives one report row. */
	@FunctionalInterface
	public interface RowConsumer<R> {

		void accept(R row) throws SQLException;

	}

}
