package io.apmreports.staging;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.stereotype.Repository;

import io.apmreports.formula.AccountFigures;
import io.apmreports.formula.Change;
import io.apmreports.output.AboutRow;
import io.apmreports.output.FigureColumn;
import io.apmreports.output.Kind;
import io.apmreports.output.Overview;
import io.apmreports.output.SummaryRow;
import io.apmreports.output.UsageRow;
import io.apmreports.range.TimeRange;

/**
 * The staged applications with their figures, read in report order (name, then id; usage
 * busiest first) and streamed without holding them all: the rows of the summary, usage
 * and About tables, the overview and the e-mail's summary. An application that has no
 * figures row was listed but never fetched, and is reported as failed rather than
 * dropped.
 */
@Repository
public class ApplicationRows {

	private static final String JOINED = "FROM " + StagedApplications.TABLE + " a LEFT JOIN " + CurrentFigures.TABLE
			+ " f ON f.JOB_INSTANCE_ID = a.JOB_INSTANCE_ID AND f.APPLICATION_ID = a.APPLICATION_ID "
			+ "WHERE a.JOB_INSTANCE_ID = :instanceId ";

	private static final String IN_REPORT_ORDER = " ORDER BY LOWER(a.NAME), a.APPLICATION_ID";

	/**
	 * Usage is read for cost: the applications that cost the most first, those without
	 * calls last.
	 */
	private static final String BUSIEST_FIRST = " ORDER BY f.CALL_VOLUME DESC NULLS LAST, LOWER(a.NAME), a.APPLICATION_ID";

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

	/**
	 * Each application's calls and hosts, with its share of the account's calls, the most
	 * calls first.
	 */
	public void forEachUsage(long instanceId, TimeRange range, Double totalCalls, RowConsumer<UsageRow> consumer) {
		double minutes = range.duration().toSeconds() / 60.0;
		named.query(
				"SELECT a.APPLICATION_ID, a.NAME, a.LANGUAGE, a.HOST_COUNT, a.INSTANCE_COUNT, f.CALL_VOLUME, "
						+ "f.STATUS " + JOINED + BUSIEST_FIRST,
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

	/** The account's calls in the range; absent when no application has a call count. */
	public Double totalCalls(long instanceId) {
		return named.queryForObject("SELECT SUM(f.CALL_VOLUME) " + JOINED, StagingSql.parameters(instanceId),
				(rs, row) -> StagingSql.number(rs, 1));
	}

	/**
	 * What a reader sees first: the counts, the account's headline figures now and in the
	 * previous period (absent when the run did not fetch it), the {@code busiest}
	 * applications with the most calls, and the failed and gone applications by name (an
	 * application listed but never fetched counts as failed, as in the files). The
	 * regressions are the caller's.
	 */
	public Overview overview(long instanceId, int busiest, List<Overview.Mover> regressions) {
		MapSqlParameterSource parameters = StagingSql.parameters(instanceId);
		long[] counts = named.queryForObject(
				"SELECT COUNT(*), SUM(CASE WHEN f.STATUS = :failed OR f.STATUS IS NULL "
						+ "THEN 1 ELSE 0 END), SUM(CASE WHEN f.STATUS = :gone THEN 1 ELSE 0 END) " + JOINED,
				parameters, (rs, row) -> new long[] { rs.getLong(1), rs.getLong(2), rs.getLong(3) });
		AccountFigures now = new AccountFigures();
		AccountFigures before = new AccountFigures();
		// like with like: an application that failed or went away now counts in neither
		// period, or its calls of last week would read as a fall in traffic
		named.query("SELECT " + ACCOUNT_FIGURES + WITH_PREVIOUS + "AND f.STATUS NOT IN (:failed, :gone)", parameters,
				(RowCallbackHandler) rs -> {
					add(now, rs, 1);
					add(before, rs, 6);
				});
		List<Overview.Busy> busy = busiest == 0 ? List.of()
				: named.query("SELECT a.NAME, f.STATUS, " + ACCOUNT_FIGURES + WITH_PREVIOUS
						+ "AND f.STATUS NOT IN (:failed, :gone) "
						+ "ORDER BY f.CALL_VOLUME DESC NULLS LAST, LOWER(a.NAME), a.APPLICATION_ID FETCH FIRST "
						+ busiest + " ROWS ONLY", parameters, (rs, row) -> busy(rs));
		List<String> failed = named.queryForList(
				"SELECT a.NAME " + JOINED + "AND (f.STATUS IS NULL OR f.STATUS = :failed)" + IN_REPORT_ORDER,
				parameters, String.class);
		List<String> gone = named.queryForList("SELECT a.NAME " + JOINED + "AND f.STATUS = :gone" + IN_REPORT_ORDER,
				parameters, String.class);
		return new Overview(counts[0], counts[1], counts[2], headlines(counts[0], now, before), busy, regressions,
				failed, gone);
	}

	private static final String ACCOUNT_FIGURES = "f.CALL_VOLUME, f.THROUGHPUT_RPM, f.RESPONSE_TIME_MS, "
			+ "f.APDEX_SCORE, f.ERROR_RATE, p.CALL_VOLUME, p.THROUGHPUT_RPM, p.RESPONSE_TIME_MS, p.APDEX_SCORE, "
			+ "p.ERROR_RATE ";

	private static final String WITH_PREVIOUS = JOINED.replace("WHERE", "LEFT JOIN " + PreviousFigures.TABLE
			+ " p ON p.JOB_INSTANCE_ID = a.JOB_INSTANCE_ID AND p.APPLICATION_ID = a.APPLICATION_ID WHERE");

	/** Adds the five account figures that start at column {@code first}. */
	private static void add(AccountFigures account, ResultSet rs, int first) throws SQLException {
		account.add(StagingSql.number(rs, first), StagingSql.number(rs, first + 1), StagingSql.number(rs, first + 2),
				StagingSql.number(rs, first + 3), StagingSql.number(rs, first + 4));
	}

	private static Overview.Busy busy(ResultSet rs) throws SQLException {
		return new Overview.Busy(rs.getString(1), change(rs, 3), change(rs, 4), change(rs, 5), change(rs, 7),
				change(rs, 6), status(rs.getString(2)));
	}

	/** The figure in column {@code current} and its previous value five columns on. */
	private static Change change(ResultSet rs, int current) throws SQLException {
		return new Change(StagingSql.number(rs, current), StagingSql.number(rs, current + 5));
	}

	private static List<Overview.Headline> headlines(long applications, AccountFigures now, AccountFigures before) {
		return List.of(
				new Overview.Headline("Applications", Kind.INTEGER, Overview.Better.NEITHER,
						new Change((double) applications, null)),
				new Overview.Headline("Calls", Kind.INTEGER, Overview.Better.NEITHER,
						new Change(now.calls(), before.calls())),
				new Overview.Headline(FigureColumn.THROUGHPUT_RPM.title(), Kind.RATE, Overview.Better.NEITHER,
						new Change(now.webThroughputRpm(), before.webThroughputRpm())),
				new Overview.Headline(FigureColumn.RESPONSE_TIME_MS.title(), Kind.MILLISECONDS, Overview.Better.LOWER,
						new Change(now.responseTimeMs(), before.responseTimeMs())),
				new Overview.Headline("Apdex score", Kind.SCORE, Overview.Better.HIGHER,
						new Change(now.apdexScore(), before.apdexScore())),
				new Overview.Headline("Error rate", Kind.FRACTION, Overview.Better.LOWER,
						new Change(now.errorRate(), before.errorRate())));
	}

}
