package io.apmreports.staging;

import java.util.List;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.stereotype.Repository;

import io.apmreports.source.ApplicationFigures;

/**
 * The figures of each application over the run's range ({@code APM_REPORT_FIGURES}), or
 * why there are none. A chunk written again after a crash replaces its rows, so there is
 * exactly one row per application.
 */
@Repository
public class CurrentFigures {

	static final String TABLE = "APM_REPORT_FIGURES";

	private final JdbcTemplate jdbc;

	private final NamedParameterJdbcTemplate named;

	CurrentFigures(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
		this.named = new NamedParameterJdbcTemplate(jdbc);
	}

	public void save(long instanceId, List<? extends ApplicationFigures> figures) {
		FigureRows.save(jdbc, TABLE, instanceId, figures);
	}

	/**
	 * The database types an application's figures summed, so that its hosts are asked for
	 * the same.
	 */
	public List<String> datastoreTypes(long instanceId, long applicationId) {
		List<String> types = jdbc.queryForList(
				"SELECT DATASTORE_TYPES FROM " + TABLE + " WHERE JOB_INSTANCE_ID = ? AND APPLICATION_ID = ?",
				String.class, instanceId, applicationId);
		return types.isEmpty() || types.get(0) == null || types.get(0).isEmpty() ? List.of()
				: List.of(types.get(0).split(","));
	}

	/**
	 * How many staged applications are still there (gone ones are not: they no longer
	 * count towards the share), and how many of them failed, with the first failure's
	 * detail. An application listed but never fetched failed.
	 */
	public FailureCount countFailures(long instanceId) {
		return named.queryForObject(
				"SELECT COALESCE(SUM(CASE WHEN f.STATUS = :gone THEN 0 ELSE 1 END), 0) AS TOTAL, "
						+ "SUM(CASE WHEN f.STATUS = :failed OR f.STATUS IS NULL THEN 1 ELSE 0 END) AS FAILED, "
						+ "MIN(CASE WHEN f.STATUS = :failed THEN f.STATUS_DETAIL END) AS DETAIL, "
						+ "COALESCE(SUM(CASE WHEN f.STATUS = :gone THEN 1 ELSE 0 END), 0) AS GONE FROM "
						+ StagedApplications.TABLE + " a LEFT JOIN " + TABLE + " f "
						+ "ON f.JOB_INSTANCE_ID = a.JOB_INSTANCE_ID AND f.APPLICATION_ID = a.APPLICATION_ID "
						+ "WHERE a.JOB_INSTANCE_ID = :instanceId",
				StagingSql.parameters(instanceId), (rs, row) -> new FailureCount(rs.getLong("TOTAL"),
						rs.getLong("FAILED"), rs.getString("DETAIL"), rs.getLong("GONE")));
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

}
