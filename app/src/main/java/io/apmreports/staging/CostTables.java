package io.apmreports.staging;

import java.util.List;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

import io.apmreports.source.BilledMonth;

/**
 * A cost run's staged month: the allocation's lines, the accounts billed, the
 * organisation's billable figures and the months looked back over. The run's cost step
 * writes them in one transaction; the report reads them.
 */
@Repository
public class CostTables {

	private final JdbcTemplate jdbc;

	CostTables(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * The allocation's lines: by team (those without one last), account, application
	 * (unallocated last), usage metric.
	 */
	public void forEachRow(long instanceId, RowConsumer<CostRow> consumer) {
		throw new UnsupportedOperationException("staged by the cost step");
	}

	/** The accounts billed, the asked account first. */
	public List<CostAccount> accounts(long instanceId) {
		throw new UnsupportedOperationException("staged by the cost step");
	}

	/** The organisation's billable figures, users and compute units. */
	public BilledMonth billedMonth(long instanceId) {
		throw new UnsupportedOperationException("staged by the cost step");
	}

	/** The months looked back over, oldest first, the report's month last. */
	public List<CostMonth> months(long instanceId) {
		throw new UnsupportedOperationException("staged by the cost step");
	}

}
