package io.apmreports.staging;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.OffsetDateTime;
import java.time.YearMonth;
import java.util.List;
import java.util.Locale;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

import io.apmreports.history.HistoryOrigin;
import io.apmreports.range.TimeRange;
import io.apmreports.source.StagedApplication;

/**
 * What a service-level run stages: its levels and their months, written whole by one step
 * (done again, it replaces them), and the SLA months of the applications without levels,
 * written a few applications at a time by the next, which a restart continues where it
 * stopped.
 */
@Repository
public class StagedServiceLevels implements ServiceLevelTables {

	static final String RUN = "APM_REPORT_SLO_RUN";

	static final String LEVELS = "APM_REPORT_SERVICE_LEVEL";

	static final String MONTHS = "APM_REPORT_SERVICE_LEVEL_MONTH";

	static final String SLA = "APM_REPORT_SLA_MONTH";

	/** Every table of a service-level run: what a removed run takes with it. */
	static final List<String> TABLES = List.of(RUN, LEVELS, MONTHS, SLA);

	private static final String LEVEL_ORDER = "l.ACCOUNT_ID, CASE WHEN l.TEAM IS NULL THEN 1 ELSE 0 END, LOWER(l.TEAM), "
			+ "l.TEAM, LOWER(l.APPLICATION_NAME), l.APPLICATION_ID, LOWER(l.NAME), l.GUID";

	private final JdbcTemplate jdbc;

	StagedServiceLevels(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * Replaces the run's levels and their months, and says whether they could be read at
	 * all. The caller holds the transaction.
	 */
	public void saveLevels(long instanceId, boolean levelsRead, List<ServiceLevelRow> levels,
			List<ServiceLevelMonthRow> months) {
		for (String table : List.of(RUN, LEVELS, MONTHS)) {
			jdbc.update("DELETE FROM " + table + " WHERE JOB_INSTANCE_ID = ?", instanceId);
		}
		jdbc.update(StagingSql.insert(RUN, List.of("JOB_INSTANCE_ID", "LEVELS_READ")), instanceId, levelsRead);
		jdbc.batchUpdate(
				StagingSql
					.insert(LEVELS,
							List.of("JOB_INSTANCE_ID", "GUID", "ACCOUNT_ID", "NAME", "APPLICATION_ID",
									"APPLICATION_NAME", "TEAM", "CREATED_AT", "TARGET_PCT", "WINDOW_DAYS")),
				levels, 500, (ps, level) -> {
					ps.setLong(1, instanceId);
					ps.setString(2, level.guid());
					ps.setLong(3, level.accountId());
					ps.setString(4, StagingSql.truncate(level.name(), 1000));
					ps.setLong(5, level.applicationId());
					ps.setString(6, StagingSql.truncate(level.applicationName(), 1000));
					ps.setString(7, StagingSql.truncate(level.team(), 1000));
					ps.setString(8, level.createdAt() == null ? null : TimeRange.format(level.createdAt()));
					StagingSql.setNumber(ps, 9, level.targetPct());
					ps.setObject(10, level.windowDays(), Types.INTEGER);
				});
		jdbc.batchUpdate(
				StagingSql.insert(MONTHS, List.of("JOB_INSTANCE_ID", "GUID", "LEVEL_MONTH", "BEFORE_CREATION",
						"PARTIAL_MONTH", "ATTAINMENT_PCT", "GOOD_EVENTS", "VALID_EVENTS")),
				months, 500, (ps, month) -> {
					ps.setLong(1, instanceId);
					ps.setString(2, month.guid());
					ps.setString(3, month.month().toString());
					ps.setBoolean(4, month.beforeCreation());
					ps.setBoolean(5, month.partial());
					StagingSql.setNumber(ps, 6, month.attainmentPct());
					StagingSql.setNumber(ps, 7, month.good());
					StagingSql.setNumber(ps, 8, month.valid());
				});
	}

	/**
	 * Stages the months of a few applications, replacing what an earlier attempt staged
	 * of them. The caller holds the transaction.
	 */
	public void saveSla(long instanceId, List<SlaMonthRow> rows) {
		jdbc.batchUpdate("DELETE FROM " + SLA + " WHERE JOB_INSTANCE_ID = ? AND APPLICATION_ID = ?",
				rows.stream().map(SlaMonthRow::applicationId).distinct().toList(), 500, (ps, id) -> {
					ps.setLong(1, instanceId);
					ps.setLong(2, id);
				});
		jdbc.batchUpdate(StagingSql.insert(SLA,
				List.of("JOB_INSTANCE_ID", "ACCOUNT_ID", "APPLICATION_ID", "SLA_MONTH", "APPLICATION_NAME", "TEAM",
						"WEB_CALLS", "APDEX_SCORE", "APDEX_SATISFIED", "APDEX_TOLERATING", "APDEX_FRUSTRATED",
						"ERROR_RATE", "ORIGIN")),
				rows, 500, (ps, row) -> {
					ps.setLong(1, instanceId);
					ps.setLong(2, row.accountId());
					ps.setLong(3, row.applicationId());
					ps.setString(4, row.month().toString());
					ps.setString(5, StagingSql.truncate(row.applicationName(), 1000));
					ps.setString(6, StagingSql.truncate(row.team(), 1000));
					StagingSql.setNumber(ps, 7, row.webCalls());
					StagingSql.setNumber(ps, 8, row.apdexScore());
					StagingSql.setNumber(ps, 9, row.satisfied());
					StagingSql.setNumber(ps, 10, row.tolerating());
					StagingSql.setNumber(ps, 11, row.frustrated());
					StagingSql.setNumber(ps, 12, row.errorRate());
					ps.setString(13, row.origin().name().toLowerCase(Locale.ROOT));
				});
	}

	/**
	 * The listed applications that have no service level and no SLA months staged yet, at
	 * most {@code limit} of them, each with its account and group: what the SLA step
	 * still has to do.
	 */
	public List<StagedApplication> pendingSla(long instanceId, int limit) {
		return jdbc.query(
				"SELECT a.APPLICATION_ID, a.NAME, a.LANGUAGE, a.HEALTH_STATUS, a.REPORTING, a.HOST_COUNT, "
						+ "a.INSTANCE_COUNT, a.ACCOUNT_ID, a.TAG_GROUP FROM " + StagedApplications.TABLE + " a "
						+ "WHERE a.JOB_INSTANCE_ID = ? AND NOT EXISTS (SELECT 1 FROM " + LEVELS + " l "
						+ "WHERE l.JOB_INSTANCE_ID = a.JOB_INSTANCE_ID AND l.APPLICATION_ID = a.APPLICATION_ID) "
						+ "AND NOT EXISTS (SELECT 1 FROM " + SLA + " s WHERE s.JOB_INSTANCE_ID = a.JOB_INSTANCE_ID "
						+ "AND s.APPLICATION_ID = a.APPLICATION_ID) ORDER BY a.APPLICATION_ID FETCH FIRST ? ROWS ONLY",
				(rs, row) -> pending(rs), instanceId, limit);
	}

	/** Every application the run listed, each with its account and group. */
	public List<StagedApplication> listed(long instanceId) {
		return jdbc.query("SELECT APPLICATION_ID, NAME, LANGUAGE, HEALTH_STATUS, REPORTING, HOST_COUNT, "
				+ "INSTANCE_COUNT, ACCOUNT_ID, TAG_GROUP FROM " + StagedApplications.TABLE
				+ " WHERE JOB_INSTANCE_ID = ? ORDER BY APPLICATION_ID", (rs, row) -> pending(rs), instanceId);
	}

	/** Forgets everything the run staged here. */
	public void clear(long instanceId) {
		TABLES.forEach(table -> jdbc.update("DELETE FROM " + table + " WHERE JOB_INSTANCE_ID = ?", instanceId));
	}

	@Override
	public List<ServiceLevelRow> levels(long instanceId) {
		return jdbc.query("SELECT * FROM " + LEVELS + " l WHERE l.JOB_INSTANCE_ID = ? ORDER BY " + LEVEL_ORDER,
				(rs, row) -> new ServiceLevelRow(rs.getLong("ACCOUNT_ID"), rs.getString("GUID"), rs.getString("NAME"),
						rs.getLong("APPLICATION_ID"), rs.getString("APPLICATION_NAME"), rs.getString("TEAM"),
						createdAt(rs.getString("CREATED_AT")), StagingSql.number(rs, "TARGET_PCT"), windowDays(rs)),
				instanceId);
	}

	@Override
	public List<ServiceLevelMonthRow> months(long instanceId) {
		return jdbc.query(
				"SELECT m.* FROM " + MONTHS + " m JOIN " + LEVELS + " l ON l.JOB_INSTANCE_ID = "
						+ "m.JOB_INSTANCE_ID AND l.GUID = m.GUID WHERE m.JOB_INSTANCE_ID = ? ORDER BY " + LEVEL_ORDER
						+ ", m.LEVEL_MONTH",
				(rs, row) -> new ServiceLevelMonthRow(rs.getString("GUID"),
						YearMonth.parse(rs.getString("LEVEL_MONTH")), rs.getBoolean("BEFORE_CREATION"),
						rs.getBoolean("PARTIAL_MONTH"), StagingSql.number(rs, "ATTAINMENT_PCT"),
						StagingSql.number(rs, "GOOD_EVENTS"), StagingSql.number(rs, "VALID_EVENTS")),
				instanceId);
	}

	@Override
	public List<SlaMonthRow> sla(long instanceId) {
		return jdbc.query(
				"SELECT * FROM " + SLA + " WHERE JOB_INSTANCE_ID = ? ORDER BY ACCOUNT_ID, "
						+ "CASE WHEN TEAM IS NULL THEN 1 ELSE 0 END, LOWER(TEAM), TEAM, LOWER(APPLICATION_NAME), "
						+ "APPLICATION_ID, SLA_MONTH",
				(rs, row) -> new SlaMonthRow(rs.getLong("ACCOUNT_ID"), rs.getLong("APPLICATION_ID"),
						rs.getString("APPLICATION_NAME"), rs.getString("TEAM"),
						YearMonth.parse(rs.getString("SLA_MONTH")), StagingSql.number(rs, "WEB_CALLS"),
						StagingSql.number(rs, "APDEX_SCORE"), StagingSql.number(rs, "APDEX_SATISFIED"),
						StagingSql.number(rs, "APDEX_TOLERATING"), StagingSql.number(rs, "APDEX_FRUSTRATED"),
						StagingSql.number(rs, "ERROR_RATE"),
						HistoryOrigin.valueOf(rs.getString("ORIGIN").toUpperCase(Locale.ROOT))),
				instanceId);
	}

	/** False for a run through REST v2, and for a run that has not read them yet. */
	@Override
	public boolean levelsRead(long instanceId) {
		List<Boolean> read = jdbc.query("SELECT LEVELS_READ FROM " + RUN + " WHERE JOB_INSTANCE_ID = ?",
				(rs, row) -> rs.getBoolean(1), instanceId);
		return !read.isEmpty() && read.get(0);
	}

	private static StagedApplication pending(ResultSet rs) throws SQLException {
		long account = rs.getLong("ACCOUNT_ID");
		boolean noAccount = rs.wasNull();
		StagedApplication application = new StagedApplication(rs.getLong("APPLICATION_ID"), rs.getString("NAME"),
				rs.getString("LANGUAGE"), rs.getString("HEALTH_STATUS"), rs.getBoolean("REPORTING"),
				rs.getInt("HOST_COUNT"), rs.getInt("INSTANCE_COUNT"))
			.inGroup(rs.getString("TAG_GROUP"));
		return noAccount ? application : application.inAccount(account);
	}

	private static OffsetDateTime createdAt(String text) {
		return text == null ? null : OffsetDateTime.parse(text);
	}

	private static Integer windowDays(ResultSet rs) throws SQLException {
		int days = rs.getInt("WINDOW_DAYS");
		return rs.wasNull() ? null : days;
	}

}
