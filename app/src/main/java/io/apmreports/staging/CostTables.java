package io.apmreports.staging;

import java.time.YearMonth;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.springframework.jdbc.core.DataClassRowMapper;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.stereotype.Repository;

import io.apmreports.source.BilledMonth;

/**
 * A cost run's staged month: the allocation's lines, the accounts billed, the
 * organisation's billable figures and the months looked back over. The run's cost step
 * writes them in one transaction; the report reads them.
 */
@Repository
public class CostTables {

	static final String ROWS = "APM_REPORT_COST_ROW";

	static final String ACCOUNTS = "APM_REPORT_COST_ACCOUNT";

	static final String BILLED = "APM_REPORT_COST_BILLED";

	static final String MONTHS = "APM_REPORT_COST_MONTH";

	/** Every table of a cost run: what a removed run takes with it. */
	static final List<String> TABLES = List.of(ROWS, ACCOUNTS, BILLED, MONTHS);

	private static final String BILLABLE = "billable-gigabytes";

	private static final String FREE_LIMIT = "free-limit-gigabytes";

	private static final String USERS = "users";

	private static final String COMPUTE = "compute-units";

	private static final DataClassRowMapper<CostRow> ROW = new DataClassRowMapper<>(CostRow.class);

	private static final DataClassRowMapper<CostAccount> ACCOUNT = new DataClassRowMapper<>(CostAccount.class);

	private final JdbcTemplate jdbc;

	CostTables(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * Replaces the run's staged month with this one: a cost step done again leaves only
	 * its own. The caller holds the transaction.
	 */
	public void save(long instanceId, StagedCost cost) {
		clear(instanceId);
		jdbc.batchUpdate(StagingSql.insert(ROWS, List.of("JOB_INSTANCE_ID", "ACCOUNT_ID", "APPLICATION", "TEAM",
				"USAGE_METRIC", "GIGABYTES", "ESTIMATED_GIGABYTES")), cost.rows(), 500, (ps, row) -> {
					ps.setLong(1, instanceId);
					ps.setLong(2, row.accountId());
					ps.setString(3, row.application());
					ps.setString(4, row.team());
					ps.setString(5, row.usageMetric());
					ps.setDouble(6, row.gigabytes());
					StagingSql.setNumber(ps, 7, row.estimatedGigabytes());
				});
		List<CostAccount> accounts = cost.accounts();
		jdbc.batchUpdate(
				StagingSql.insert(ACCOUNTS,
						List.of("JOB_INSTANCE_ID", "ACCOUNT_ID", "LIST_ORDER", "ACCOUNT_NAME", "USAGE_ACCOUNT",
								"BILLED_GIGABYTES", "DAYS_MEASURED", "DAYS_IN_MONTH", "NOT_MEASURED")),
				accounts, accounts.size(), (ps, account) -> {
					ps.setLong(1, instanceId);
					ps.setLong(2, account.accountId());
					ps.setInt(3, accounts.indexOf(account));
					ps.setString(4, StagingSql.truncate(account.accountName(), 1000));
					ps.setBoolean(5, account.usageAccount());
					ps.setDouble(6, account.billedGigabytes());
					ps.setInt(7, account.daysMeasured());
					ps.setInt(8, account.daysInMonth());
					ps.setString(9, StagingSql.truncate(account.notMeasured(), 2000));
				});
		List<Object[]> billed = new ArrayList<>();
		addFigure(billed, instanceId, BILLABLE, "", cost.billed().billableGigabytes());
		addFigure(billed, instanceId, FREE_LIMIT, "", cost.billed().freeLimitGigabytes());
		cost.billed().users().forEach((type, count) -> addFigure(billed, instanceId, USERS, type, count));
		cost.billed().computeUnits().forEach((type, units) -> addFigure(billed, instanceId, COMPUTE, type, units));
		jdbc.batchUpdate(StagingSql.insert(BILLED, List.of("JOB_INSTANCE_ID", "FIGURE", "KIND", "AMOUNT")), billed);
		jdbc.batchUpdate(
				StagingSql.insert(MONTHS,
						List.of("JOB_INSTANCE_ID", "BILLING_MONTH", "ACCOUNT_ID", "TEAM", "ALLOCATED", "GIGABYTES")),
				cost.months(), 500, (ps, month) -> {
					ps.setLong(1, instanceId);
					ps.setString(2, month.month().toString());
					ps.setLong(3, month.accountId());
					ps.setString(4, month.team());
					ps.setBoolean(5, month.allocated());
					ps.setDouble(6, month.gigabytes());
				});
	}

	private static void addFigure(List<Object[]> rows, long instanceId, String figure, String kind, Double amount) {
		if (amount != null) {
			rows.add(new Object[] { instanceId, figure, kind, amount });
		}
	}

	/** Forgets the run's staged month. */
	public void clear(long instanceId) {
		TABLES.forEach(table -> jdbc.update("DELETE FROM " + table + " WHERE JOB_INSTANCE_ID = ?", instanceId));
	}

	/**
	 * The allocation's lines: by team (those without one last), account, application
	 * (unallocated last), usage metric.
	 */
	public void forEachRow(long instanceId, RowConsumer<CostRow> consumer) {
		jdbc.query("""
				SELECT ACCOUNT_ID, APPLICATION, TEAM, USAGE_METRIC, GIGABYTES, ESTIMATED_GIGABYTES
				FROM APM_REPORT_COST_ROW
				WHERE JOB_INSTANCE_ID = ?
				ORDER BY CASE WHEN TEAM IS NULL THEN 1 ELSE 0 END, LOWER(TEAM), TEAM, ACCOUNT_ID,
				  CASE WHEN APPLICATION IS NULL THEN 1 ELSE 0 END, LOWER(APPLICATION), APPLICATION, USAGE_METRIC
				""", (RowCallbackHandler) rs -> consumer.accept(ROW.mapRow(rs, rs.getRow())), instanceId);
	}

	/** The accounts billed, the asked account first. */
	public List<CostAccount> accounts(long instanceId) {
		return jdbc.query("""
				SELECT ACCOUNT_ID, ACCOUNT_NAME, USAGE_ACCOUNT, BILLED_GIGABYTES, DAYS_MEASURED, DAYS_IN_MONTH,
				  NOT_MEASURED
				FROM APM_REPORT_COST_ACCOUNT
				WHERE JOB_INSTANCE_ID = ?
				ORDER BY CASE WHEN USAGE_ACCOUNT THEN 0 ELSE 1 END, LIST_ORDER
				""", ACCOUNT, instanceId);
	}

	/** The organisation's billable figures, users and compute units. */
	public BilledMonth billedMonth(long instanceId) {
		Map<String, Double> users = new HashMap<>();
		Map<String, Double> compute = new HashMap<>();
		Double[] gigabytes = new Double[2];
		jdbc.query("SELECT FIGURE, KIND, AMOUNT FROM APM_REPORT_COST_BILLED WHERE JOB_INSTANCE_ID = ?",
				(RowCallbackHandler) rs -> {
					double amount = rs.getDouble("AMOUNT");
					switch (rs.getString("FIGURE")) {
						case BILLABLE -> gigabytes[0] = amount;
						case FREE_LIMIT -> gigabytes[1] = amount;
						case USERS -> users.put(rs.getString("KIND"), amount);
						case COMPUTE -> compute.put(rs.getString("KIND"), amount);
						default -> {
							// a figure a later version stages
						}
					}
				}, instanceId);
		return new BilledMonth(gigabytes[0], gigabytes[1], users, compute);
	}

	/** The months looked back over, oldest first, the report's month last. */
	public List<CostMonth> months(long instanceId) {
		return jdbc.query("""
				SELECT BILLING_MONTH, ACCOUNT_ID, TEAM, ALLOCATED, GIGABYTES
				FROM APM_REPORT_COST_MONTH
				WHERE JOB_INSTANCE_ID = ?
				ORDER BY BILLING_MONTH, ACCOUNT_ID, CASE WHEN TEAM IS NULL THEN 1 ELSE 0 END, LOWER(TEAM), TEAM,
				  CASE WHEN ALLOCATED THEN 0 ELSE 1 END
				""", (rs, row) -> new CostMonth(YearMonth.parse(rs.getString("BILLING_MONTH")),
				rs.getLong("ACCOUNT_ID"), rs.getString("TEAM"), rs.getBoolean("ALLOCATED"), rs.getDouble("GIGABYTES")),
				instanceId);
	}

}
