package io.apmreports.staging;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.springframework.batch.infrastructure.item.database.JdbcPagingItemReader;
import org.springframework.batch.infrastructure.item.database.Order;
import org.springframework.batch.infrastructure.item.database.builder.JdbcPagingItemReaderBuilder;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.stereotype.Repository;

import io.apmreports.source.RangeHosts;
import io.apmreports.source.StagedApplication;

/**
 * The applications a run listed ({@code APM_REPORT_APPLICATION}), and which of them each
 * fetch step still has to do: a step restarted after a crash reads only those, so it
 * continues after its last committed chunk.
 */
@Repository
public class StagedApplications {

	static final String TABLE = "APM_REPORT_APPLICATION";

	/**
	 * No figures yet, or failed ones: a restart tries the failed applications once more.
	 */
	private static final Pending FIGURES = new Pending(CurrentFigures.TABLE, true, false);

	/**
	 * A gone application's previous period and series would answer 404 too; a failed
	 * one's are not asked until its figures are read (a relaunch asks its figures first,
	 * then these): it is failed in the report, and one that answers nonsense would only
	 * fail them too.
	 */
	private static final Pending PREVIOUS = new Pending(PreviousFigures.TABLE, true, true);

	/**
	 * Gone applications are still asked for their hosts, so that {@code hosts.csv} says
	 * they are gone.
	 */
	private static final Pending HOSTS = new Pending(Hosts.TABLE, true, false);

	private static final Pending TRENDS = new Pending(Trends.TABLE, false, true);

	private final JdbcTemplate jdbc;

	private final NamedParameterJdbcTemplate named;

	StagedApplications(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
		this.named = new NamedParameterJdbcTemplate(jdbc);
	}

	/** Drops everything the run staged: a listing restarted after a crash starts over. */
	public void clear(long instanceId) {
		for (String table : List.of(CurrentFigures.TABLE, PreviousFigures.TABLE, Hosts.TABLE, Trends.TABLE,
				KeyTransactions.TABLE, TABLE)) {
			jdbc.update("DELETE FROM " + table + " WHERE JOB_INSTANCE_ID = ?", instanceId);
		}
	}

	/**
	 * Stages a chunk of the listing, each application with its account, replacing what an
	 * earlier attempt staged of the same applications.
	 */
	public void save(long instanceId, List<? extends StagedApplication> listed) {
		// a list that shifts while it is paged can show an application twice; it is one
		// row
		Map<Long, StagedApplication> unique = new LinkedHashMap<>();
		listed.forEach(application -> unique.put(application.id(), application));
		List<StagedApplication> applications = List.copyOf(unique.values());
		StagingSql.deleteRows(jdbc, TABLE, instanceId, applications.stream().map(StagedApplication::id).toList());
		jdbc.batchUpdate(
				StagingSql.insert(TABLE,
						List.of("JOB_INSTANCE_ID", "APPLICATION_ID", "NAME", "LANGUAGE", "HEALTH_STATUS", "REPORTING",
								"HOST_COUNT", "INSTANCE_COUNT", "LINK", "ACCOUNT_ID", "TAG_GROUP")),
				applications, applications.size(), (ps, application) -> {
					ps.setLong(1, instanceId);
					ps.setLong(2, application.id());
					ps.setString(3, application.name());
					ps.setString(4, application.language());
					ps.setString(5, application.healthStatus());
					ps.setBoolean(6, application.reporting());
					ps.setInt(7, application.hostCount());
					ps.setInt(8, application.instanceCount());
					ps.setString(9, application.link());
					ps.setObject(10, application.account(), Types.BIGINT);
					ps.setString(11, StagingSql.truncate(application.group(), 1000));
				});
	}

	/**
	 * Records the hosts and instances that reported during the range, as the figures step
	 * learns them, in the transaction of its chunk.
	 */
	public void saveRangeHosts(long instanceId, List<RangeHosts> counts) {
		jdbc.batchUpdate("""
				UPDATE APM_REPORT_APPLICATION SET RANGE_HOST_COUNT = ?, RANGE_INSTANCE_COUNT = ?
				WHERE JOB_INSTANCE_ID = ? AND APPLICATION_ID = ?
				""", counts, counts.size(), (ps, count) -> {
			ps.setInt(1, count.hosts());
			ps.setInt(2, count.instances());
			ps.setLong(3, instanceId);
			ps.setLong(4, count.applicationId());
		});
	}

	/** What the figures step still has to do, {@code pageSize} at a time. */
	public JdbcPagingItemReader<StagedApplication> pendingFigures(long instanceId, int pageSize) {
		return reader(FIGURES, instanceId, pageSize);
	}

	/** How many applications the figures step still has to do. */
	public long countPendingFigures(long instanceId) {
		return count(FIGURES, instanceId);
	}

	/**
	 * What the previous period's step still has to do: never the gone applications, nor
	 * those whose figures failed.
	 */
	public JdbcPagingItemReader<StagedApplication> pendingPrevious(long instanceId, int pageSize) {
		return reader(PREVIOUS, instanceId, pageSize);
	}

	/** What the hosts step still has to do: the gone applications too. */
	public JdbcPagingItemReader<StagedApplication> pendingHosts(long instanceId, int pageSize) {
		return reader(HOSTS, instanceId, pageSize);
	}

	/**
	 * What the trends step still has to do: never the gone applications, nor those whose
	 * figures failed.
	 */
	public JdbcPagingItemReader<StagedApplication> pendingTrends(long instanceId, int pageSize) {
		return reader(TRENDS, instanceId, pageSize);
	}

	/** How many applications the previous period's step still has to do. */
	public long countPendingPrevious(long instanceId) {
		return count(PREVIOUS, instanceId);
	}

	/** How many applications the hosts step still has to do. */
	public long countPendingHosts(long instanceId) {
		return count(HOSTS, instanceId);
	}

	/** How many applications the trends step still has to do. */
	public long countPendingTrends(long instanceId) {
		return count(TRENDS, instanceId);
	}

	private long count(Pending pending, long instanceId) {
		Long count = named.queryForObject("SELECT COUNT(*) FROM " + TABLE + " WHERE " + pending.where(),
				StagingSql.parameters(instanceId), Long.class);
		return count == null ? 0 : count;
	}

	private JdbcPagingItemReader<StagedApplication> reader(Pending pending, long instanceId, int pageSize) {
		try {
			return new JdbcPagingItemReaderBuilder<StagedApplication>().name("pendingApplications")
				.dataSource(jdbc.getDataSource())
				.selectClause("SELECT APPLICATION_ID, NAME, LANGUAGE, HEALTH_STATUS, REPORTING, HOST_COUNT, "
						+ "INSTANCE_COUNT, ACCOUNT_ID")
				.fromClause("FROM " + TABLE)
				.whereClause("WHERE " + pending.where())
				.saveState(false)
				.parameterValues(StagingSql.parameters(instanceId).getValues())
				.sortKeys(Map.of("APPLICATION_ID", Order.ASCENDING))
				.pageSize(pageSize)
				.rowMapper(StagedApplications::stagedApplication)
				.build();
		}
		catch (Exception ex) {
			// the builder throws what finding the database's paging dialect may throw
			throw new IllegalStateException("cannot page the staged applications", ex);
		}
	}

	private static StagedApplication stagedApplication(ResultSet rs, int rowNum) throws SQLException {
		long account = rs.getLong("ACCOUNT_ID");
		Long accountId = rs.wasNull() ? null : account;
		StagedApplication application = new StagedApplication(rs.getLong("APPLICATION_ID"), rs.getString("NAME"),
				rs.getString("LANGUAGE"), rs.getString("HEALTH_STATUS"), rs.getBoolean("REPORTING"),
				rs.getInt("HOST_COUNT"), rs.getInt("INSTANCE_COUNT"));
		return accountId == null ? application : application.inAccount(accountId);
	}

	/**
	 * The staged applications a step still has to do: those without a row in
	 * {@code table}.
	 *
	 * @param table where the step writes
	 * @param retryFailed whether a failed row counts as not done
	 * @param skipGoneOrFailed whether to leave out the applications whose figures found
	 * them gone, or failed
	 */
	private record Pending(String table, boolean retryFailed, boolean skipGoneOrFailed) {

		String where() {
			return "JOB_INSTANCE_ID = :instanceId AND NOT EXISTS (SELECT 1 FROM " + table + " f WHERE "
					+ "f.JOB_INSTANCE_ID = " + TABLE + ".JOB_INSTANCE_ID AND f.APPLICATION_ID = " + TABLE
					+ ".APPLICATION_ID" + (retryFailed ? " AND f.STATUS <> :failed" : "") + ")"
					+ (skipGoneOrFailed ? " AND NOT EXISTS (SELECT 1 FROM " + CurrentFigures.TABLE + " g WHERE "
							+ "g.JOB_INSTANCE_ID = " + TABLE + ".JOB_INSTANCE_ID AND g.APPLICATION_ID = " + TABLE
							+ ".APPLICATION_ID AND g.STATUS IN (:gone, :failed))" : "");
		}

	}

}
