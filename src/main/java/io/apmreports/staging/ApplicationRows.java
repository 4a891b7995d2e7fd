package io.apmreports.staging;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.stereotype.Repository;

import io.apmreports.delivery.EmailSummary;
import io.apmreports.output.AboutRow;
import io.apmreports.output.Overview;
import io.apmreports.output.SummaryRow;
import io.apmreports.output.UsageRow;
import io.apmreports.range.TimeRange;

/**
 * The staged applications with their figures, read in report order (name, then id) and
 * streamed without holding them all: the rows of the summary, usage and About tables, the
 * overview and the e-mail's summary. An application that has no figures row was listed
 * but never fetched, and is reported as failed rather than dropped.
 */
@Repository
public class ApplicationRows {

	private static final String JOINED = "FROM " + StagedApplications.TABLE + " a LEFT JOIN " + CurrentFigures.TABLE
			+ " f ON f.JOB_INSTANCE_ID = a.JOB_INSTANCE_ID AND f.APPLICATION_ID = a.APPLICATION_ID "
			+ "WHERE a.JOB_INSTANCE_ID = :instanceId ";

	private static final String IN_REPORT_ORDER = " ORDER BY LOWER(a.NAME), a.APPLICATION_ID";

	private final NamedParameterJdbcTemplate named;

	ApplicationRows(JdbcTemplate jdbc) {
		this.named = new NamedParameterJdbcTemplate(jdbc);
	}

	public void forEachSummary(long instanceId, TimeRange range, RowConsumer<SummaryRow> consumer) {
		named.query(
				"SELECT a.APPLICATION_ID, a.NAME, a.LANGUAGE, a.HEALTH_STATUS, a.REPORTING, a.HOST_COUNT, "
						+ "a.INSTANCE_COUNT, " + String.join(", ", FigureRows.columns("f."))
						+ ", f.STATUS, f.STATUS_DETAIL, f.APDEX_SCORE, f.ERROR_RATE " + JOINED + IN_REPORT_ORDER,
				StagingSql.parameters(instanceId), (RowCallbackHandler) rs -> consumer.accept(summaryRow(rs, range)));
	}

	private static SummaryRow summaryRow(ResultSet rs, TimeRange range) throws SQLException {
		String status = rs.getString("STATUS");
		return new SummaryRow(rs.getLong("APPLICATION_ID"), rs.getString("NAME"), rs.getString("LANGUAGE"),
				rs.getString("HEALTH_STATUS"), rs.getBoolean("REPORTING"), rs.getInt("HOST_COUNT"),
				rs.getInt("INSTANCE_COUNT"), range.from(), range.to(), FigureRows.read(rs, ""),
				StagingSql.number(rs, "APDEX_SCORE"), StagingSql.number(rs, "ERROR_RATE"), status(status),
				status == null ? "listed but its figures were never fetched" : rs.getString("STATUS_DETAIL"));
	}

	/** Each application's calls and hosts, with its share of the account's calls. */
	public void forEachUsage(long instanceId, TimeRange range, Double totalCalls, RowConsumer<UsageRow> consumer) {
		double minutes = range.duration().toSeconds() / 60.0;
		named.query(
				"SELECT a.APPLICATION_ID, a.NAME, a.LANGUAGE, a.HOST_COUNT, a.INSTANCE_COUNT, f.CALL_VOLUME, "
						+ "f.STATUS " + JOINED + IN_REPORT_ORDER,
				StagingSql.parameters(instanceId), (RowCallbackHandler) rs -> {
					Double calls = StagingSql.number(rs, "CALL_VOLUME");
					consumer.accept(new UsageRow(rs.getLong("APPLICATION_ID"), rs.getString("NAME"),
							rs.getString("LANGUAGE"), calls, calls == null ? null : calls / minutes,
							rs.getInt("HOST_COUNT"), rs.getInt("INSTANCE_COUNT"),
							calls == null || totalCalls == null || totalCalls == 0 ? null : calls / totalCalls,
							status(rs.getString("STATUS"))));
				});
	}

	/** As shown: an application without figures failed. */
	private static String status(String stored) {
		return (stored == null ? FigureStatus.FAILED : FigureStatus.of(stored)).value();
	}

	/** How each fetched application's figures were obtained. */
	public void forEachAbout(long instanceId, RowConsumer<AboutRow> consumer) {
		named.query(
				"SELECT a.APPLICATION_ID, a.NAME, f.DATABASE_FORMULA, f.WEB_TIME_SOURCE, f.DROPPED_TERMS " + JOINED
						+ "AND f.DATABASE_FORMULA IS NOT NULL" + IN_REPORT_ORDER,
				StagingSql.parameters(instanceId),
				(RowCallbackHandler) rs -> consumer.accept(new AboutRow(rs.getLong(1), rs.getString(2), rs.getString(3),
						rs.getString(4), rs.getString(5))));
	}

	/**
	 * Applications of the run, failures, calls and web throughput in all; the worst
	 * movers are added by the caller.
	 */
	public Overview overview(long instanceId, List<Overview.Mover> worstMovers) {
		return named.queryForObject(
				"SELECT COUNT(*), SUM(CASE WHEN f.STATUS = :failed OR f.STATUS IS NULL "
						+ "THEN 1 ELSE 0 END), SUM(CASE WHEN f.STATUS = :gone THEN 1 ELSE 0 END), SUM(f.CALL_VOLUME), "
						+ "SUM(f.THROUGHPUT_RPM) " + JOINED,
				StagingSql.parameters(instanceId), (rs, row) -> new Overview(rs.getLong(1), rs.getLong(2),
						rs.getLong(3), StagingSql.number(rs, 4), StagingSql.number(rs, 5), worstMovers));
	}

	/**
	 * The figures of a run's e-mail: the overview, the {@code rows} applications with the
	 * most calls, and the names of the failed ones (an application listed but never
	 * fetched counts as failed, as in the files).
	 */
	public EmailSummary emailSummary(long instanceId, int rows) {
		Overview overview = overview(instanceId, List.of());
		MapSqlParameterSource parameters = StagingSql.parameters(instanceId);
		List<EmailSummary.Row> busiest = rows == 0 ? List.of()
				: named.query(
						"SELECT a.NAME, f.CALL_VOLUME, f.THROUGHPUT_RPM, f.RESPONSE_TIME_MS, f.ERROR_RATE, "
								+ "f.APDEX_SCORE, f.STATUS " + JOINED + "AND f.STATUS NOT IN (:failed, :gone) "
								+ "ORDER BY f.CALL_VOLUME DESC NULLS LAST, LOWER(a.NAME), a.APPLICATION_ID FETCH FIRST "
								+ rows + " ROWS ONLY",
						parameters,
						(rs, row) -> new EmailSummary.Row(rs.getString(1), StagingSql.number(rs, 2),
								StagingSql.number(rs, 3), StagingSql.number(rs, 4), StagingSql.number(rs, 5),
								StagingSql.number(rs, 6), status(rs.getString(7))));
		List<String> failed = named.queryForList(
				"SELECT a.NAME " + JOINED + "AND (f.STATUS IS NULL OR f.STATUS = :failed)" + IN_REPORT_ORDER,
				parameters, String.class);
		List<String> gone = named.queryForList("SELECT a.NAME " + JOINED + "AND f.STATUS = :gone" + IN_REPORT_ORDER,
				parameters, String.class);
		return new EmailSummary(overview.applications(), overview.failed(), overview.gone(), overview.totalCalls(),
				overview.totalThroughputRpm(), busiest, failed, gone);
	}

}
