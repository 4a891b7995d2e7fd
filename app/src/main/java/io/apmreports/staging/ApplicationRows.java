package io.apmreports.staging;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.stereotype.Repository;

import io.apmreports.history.CountedApplication;
import io.apmreports.history.HistoryFigures;
import io.apmreports.range.TimeRange;
import io.apmreports.source.FigureStatus;

/**
 * The staged applications with their figures, read in report order (name, then id; usage
 * busiest first) and streamed without holding them all: the rows of the summary, usage
 * and About tables, and the numbers of the overview. An application that has no figures
 * row was listed but never fetched, and is reported as failed rather than dropped.
 */
@Repository
public class ApplicationRows {

	private static final String JOINED = """
			FROM APM_REPORT_APPLICATION a
			LEFT JOIN APM_REPORT_FIGURES f
			  ON f.JOB_INSTANCE_ID = a.JOB_INSTANCE_ID AND f.APPLICATION_ID = a.APPLICATION_ID
			""";

	private static final String WITH_PREVIOUS = JOINED + """
			LEFT JOIN APM_REPORT_PREVIOUS p
			  ON p.JOB_INSTANCE_ID = a.JOB_INSTANCE_ID AND p.APPLICATION_ID = a.APPLICATION_ID
			""";

	private static final String OF_RUN = "WHERE a.JOB_INSTANCE_ID = :instanceId\n";

	private static final String IN_REPORT_ORDER = "ORDER BY LOWER(a.NAME), a.APPLICATION_ID\n";

	/**
	 * Usage is read for cost: the applications that cost the most first, those without
	 * calls last.
	 */
	private static final String BUSIEST = "f.CALL_VOLUME DESC NULLS LAST, LOWER(a.NAME), a.APPLICATION_ID\n";

	private static final String BUSIEST_FIRST = "ORDER BY " + BUSIEST;

	/**
	 * Usage by account, then by the value of the grouping tag, those without one last.
	 */
	private static final String GROUPED_BUSIEST_FIRST = "ORDER BY a.ACCOUNT_ID, LOWER(a.TAG_GROUP) NULLS LAST, a.TAG_GROUP, "
			+ BUSIEST;

	/**
	 * Like with like: an application that failed or went away counts in neither period,
	 * or its calls of last week would read as a fall in traffic.
	 */
	private static final String COUNTED = "AND f.STATUS NOT IN (:failed, :gone)\n";

	private static final String PERIODS = """
			SELECT a.NAME, a.LINK, a.ACCOUNT_ID, f.STATUS,
			       f.CALL_VOLUME, f.THROUGHPUT_RPM, f.RESPONSE_TIME_MS, f.APDEX_SCORE, f.ERROR_RATE,
			       p.CALL_VOLUME AS P_CALL_VOLUME, p.THROUGHPUT_RPM AS P_THROUGHPUT_RPM,
			       p.RESPONSE_TIME_MS AS P_RESPONSE_TIME_MS, p.APDEX_SCORE AS P_APDEX_SCORE,
			       p.ERROR_RATE AS P_ERROR_RATE
			""" + WITH_PREVIOUS + OF_RUN + COUNTED;

	private final NamedParameterJdbcTemplate named;

	ApplicationRows(JdbcTemplate jdbc) {
		this.named = new NamedParameterJdbcTemplate(jdbc);
	}

	public void forEachSummary(long instanceId, TimeRange range, RowConsumer<SummaryRow> consumer) {
		named.query(
				"""
						SELECT a.APPLICATION_ID, a.NAME, a.LANGUAGE, a.HEALTH_STATUS, a.REPORTING, a.HOST_COUNT,
						       a.INSTANCE_COUNT, a.LINK, a.ACCOUNT_ID, %s, f.STATUS, f.STATUS_DETAIL, f.APDEX_SCORE, f.ERROR_RATE
						"""
					.formatted(String.join(", ", FigureRows.columns("f."))) + JOINED + OF_RUN + IN_REPORT_ORDER,
				StagingSql.parameters(instanceId), (RowCallbackHandler) rs -> consumer.accept(summaryRow(rs, range)));
	}

	private static SummaryRow summaryRow(ResultSet rs, TimeRange range) throws SQLException {
		String status = rs.getString("STATUS");
		return new SummaryRow(rs.getLong("APPLICATION_ID"), rs.getString("NAME"), rs.getString("LANGUAGE"),
				rs.getString("HEALTH_STATUS"), rs.getBoolean("REPORTING"), rs.getInt("HOST_COUNT"),
				rs.getInt("INSTANCE_COUNT"), range.from(), range.to(), FigureRows.read(rs, ""),
				StagingSql.number(rs, "APDEX_SCORE"), StagingSql.number(rs, "ERROR_RATE"), status(status),
				status == null ? "listed but its figures were never fetched" : rs.getString("STATUS_DETAIL"),
				rs.getString("LINK"), accountId(rs));
	}

	/**
	 * Each application's calls and hosts, with its share of the account's calls: by
	 * account and group (the applications without the grouping tag last), the most calls
	 * first in each. Hosts and instances are those of the range where the source told
	 * them, else those of the last hour before the run.
	 */
	public void forEachUsage(long instanceId, TimeRange range, Double totalCalls, RowConsumer<UsageRow> consumer) {
		double minutes = range.duration().toSeconds() / 60.0;
		named.query("""
				SELECT a.ACCOUNT_ID, a.TAG_GROUP, a.APPLICATION_ID, a.NAME, a.LANGUAGE, a.HOST_COUNT, a.INSTANCE_COUNT,
				       a.RANGE_HOST_COUNT, a.RANGE_INSTANCE_COUNT, f.CALL_VOLUME, f.STATUS
				""" + JOINED + OF_RUN + GROUPED_BUSIEST_FIRST, StagingSql.parameters(instanceId),
				(RowCallbackHandler) rs -> consumer.accept(usageRow(rs, minutes, totalCalls)));
	}

	/** The application's account, absent for a run staged before runs kept it. */
	private static Long accountId(ResultSet rs) throws SQLException {
		long account = rs.getLong("ACCOUNT_ID");
		return rs.wasNull() ? null : account;
	}

	private static UsageRow usageRow(ResultSet rs, double minutes, Double totalCalls) throws SQLException {
		Double calls = StagingSql.number(rs, "CALL_VOLUME");
		int rangeHosts = rs.getInt("RANGE_HOST_COUNT");
		boolean overRange = !rs.wasNull();
		return new UsageRow(accountId(rs), rs.getString("TAG_GROUP"), rs.getLong("APPLICATION_ID"),
				rs.getString("NAME"), rs.getString("LANGUAGE"), calls, calls == null ? null : calls / minutes,
				overRange ? rangeHosts : rs.getInt("HOST_COUNT"),
				overRange ? rs.getInt("RANGE_INSTANCE_COUNT") : rs.getInt("INSTANCE_COUNT"),
				overRange ? UsageRow.RANGE : UsageRow.LAST_HOUR,
				calls == null || totalCalls == null || totalCalls == 0 ? null : calls / totalCalls,
				status(rs.getString("STATUS")));
	}

	/** As shown: an application without figures failed. */
	private static String status(String stored) {
		return (stored == null ? FigureStatus.FAILED : FigureStatus.of(stored)).value();
	}

	/** How each fetched application's figures were obtained. */
	public void forEachAbout(long instanceId, RowConsumer<AboutRow> consumer) {
		named.query("""
				SELECT a.APPLICATION_ID, a.NAME, f.DATABASE_FORMULA, f.WEB_TIME_SOURCE, f.DROPPED_TERMS
				""" + JOINED + OF_RUN + "AND f.DATABASE_FORMULA IS NOT NULL\n" + IN_REPORT_ORDER,
				StagingSql.parameters(instanceId),
				(RowCallbackHandler) rs -> consumer.accept(new AboutRow(rs.getLong("APPLICATION_ID"),
						rs.getString("NAME"), rs.getString("DATABASE_FORMULA"), rs.getString("WEB_TIME_SOURCE"),
						rs.getString("DROPPED_TERMS"))));
	}

	/** The account's calls in the range; absent when no application has a call count. */
	public Double totalCalls(long instanceId) {
		return named.queryForObject("SELECT SUM(f.CALL_VOLUME) AS TOTAL\n" + JOINED + OF_RUN,
				StagingSql.parameters(instanceId), (rs, row) -> StagingSql.number(rs, "TOTAL"));
	}

	/** How many applications a run listed in each account, by account id. */
	public Map<Long, Long> applicationsByAccount(long instanceId) {
		Map<Long, Long> counts = new LinkedHashMap<>();
		named.query(
				"SELECT a.ACCOUNT_ID, COUNT(*) AS APPLICATIONS FROM APM_REPORT_APPLICATION a\n" + OF_RUN
						+ "AND a.ACCOUNT_ID IS NOT NULL GROUP BY a.ACCOUNT_ID",
				StagingSql.parameters(instanceId),
				(RowCallbackHandler) rs -> counts.put(rs.getLong("ACCOUNT_ID"), rs.getLong("APPLICATIONS")));
		return counts;
	}

	/**
	 * How many applications the run listed, and how many of them failed (an application
	 * listed but never fetched counts as failed, as in the files) or went away.
	 */
	public Counts counts(long instanceId) {
		return named.queryForObject("""
				SELECT COUNT(*) AS APPLICATIONS,
				       SUM(CASE WHEN f.STATUS = :failed OR f.STATUS IS NULL THEN 1 ELSE 0 END) AS FAILED,
				       SUM(CASE WHEN f.STATUS = :gone THEN 1 ELSE 0 END) AS GONE
				""" + JOINED + OF_RUN, StagingSql.parameters(instanceId),
				(rs, row) -> new Counts(rs.getLong("APPLICATIONS"), rs.getLong("FAILED"), rs.getLong("GONE")));
	}

	/**
	 * Every application that counts towards the account's figures, with its figures in
	 * both periods.
	 */
	public void forEachCounted(long instanceId, RowConsumer<ApplicationPeriods> consumer) {
		named.query(PERIODS, StagingSql.parameters(instanceId),
				(RowCallbackHandler) rs -> consumer.accept(periods(rs)));
	}

	/**
	 * Every application that counts towards the report's figures, with its id, account,
	 * group and figures in the range, in report order.
	 */
	public void forEachCountedApplication(long instanceId, RowConsumer<CountedApplication> consumer) {
		named.query("""
				SELECT a.APPLICATION_ID, a.NAME, a.ACCOUNT_ID, a.TAG_GROUP,
				       f.CALL_VOLUME, f.THROUGHPUT_RPM, f.RESPONSE_TIME_MS, f.APDEX_SCORE, f.ERROR_RATE
				""" + JOINED + OF_RUN + COUNTED + IN_REPORT_ORDER, StagingSql.parameters(instanceId),
				(RowCallbackHandler) rs -> consumer.accept(new CountedApplication(rs.getLong("APPLICATION_ID"),
						rs.getString("NAME"), accountId(rs), rs.getString("TAG_GROUP"), headline(figures(rs, "")))));
	}

	/**
	 * The {@code limit} applications with the most calls, with their figures in both
	 * periods.
	 */
	public List<ApplicationPeriods> busiest(long instanceId, int limit) {
		return named.query(PERIODS + BUSIEST_FIRST + "FETCH FIRST " + limit + " ROWS ONLY",
				StagingSql.parameters(instanceId), (rs, row) -> periods(rs));
	}

	/** The names of the failed applications, in report order. */
	public List<String> failedNames(long instanceId) {
		return named.queryForList("SELECT a.NAME\n" + JOINED + OF_RUN + "AND (f.STATUS IS NULL OR f.STATUS = :failed)\n"
				+ IN_REPORT_ORDER, StagingSql.parameters(instanceId), String.class);
	}

	/** The names of the applications that went away during the run, in report order. */
	public List<String> goneNames(long instanceId) {
		return named.queryForList("SELECT a.NAME\n" + JOINED + OF_RUN + "AND f.STATUS = :gone\n" + IN_REPORT_ORDER,
				StagingSql.parameters(instanceId), String.class);
	}

	private static ApplicationPeriods periods(ResultSet rs) throws SQLException {
		return new ApplicationPeriods(rs.getString("NAME"), status(rs.getString("STATUS")), figures(rs, ""),
				figures(rs, "P_"), rs.getString("LINK"), accountId(rs));
	}

	private static HistoryFigures headline(PeriodFigures figures) {
		return HistoryFigures.headline(figures.calls(), figures.webThroughputRpm(), figures.responseTimeMs(),
				figures.apdexScore(), figures.errorRate());
	}

	private static PeriodFigures figures(ResultSet rs, String prefix) throws SQLException {
		return new PeriodFigures(StagingSql.number(rs, prefix + "CALL_VOLUME"),
				StagingSql.number(rs, prefix + "THROUGHPUT_RPM"), StagingSql.number(rs, prefix + "RESPONSE_TIME_MS"),
				StagingSql.number(rs, prefix + "APDEX_SCORE"), StagingSql.number(rs, prefix + "ERROR_RATE"));
	}

	/**
	 * How many applications a run listed.
	 *
	 * @param applications all of them
	 * @param failed those that failed or were never fetched
	 * @param gone those deleted between the listing and their metric call
	 */
	public record Counts(long applications, long failed, long gone) {
	}

}
