package io.apmreports.staging;

import java.time.OffsetDateTime;
import java.util.List;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.stereotype.Repository;

import io.apmreports.range.TimeRange;
import io.apmreports.source.KeyTransaction;

/**
 * The account's key transactions with their rolling summary, as read during the run
 * ({@code APM_REPORT_KEY_TRANSACTION}).
 */
@Repository
public class KeyTransactions {

	static final String TABLE = "APM_REPORT_KEY_TRANSACTION";

	private final JdbcTemplate jdbc;

	KeyTransactions(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	/** Replaces the run's key transactions, read at {@code takenAt}. */
	public void save(long instanceId, List<KeyTransaction> keyTransactions, OffsetDateTime takenAt) {
		jdbc.update("DELETE FROM " + TABLE + " WHERE JOB_INSTANCE_ID = ?", instanceId);
		jdbc.batchUpdate(StagingSql.insert(TABLE,
				List.of("JOB_INSTANCE_ID", "KEY_TRANSACTION_ID", "NAME", "APPLICATION_ID", "TRANSACTION_NAME",
						"RESPONSE_TIME", "THROUGHPUT", "ERROR_RATE", "APDEX_TARGET", "APDEX_SCORE", "TAKEN_AT")),
				keyTransactions, keyTransactions.size(), (ps, kt) -> {
					ps.setLong(1, instanceId);
					ps.setLong(2, kt.id());
					ps.setString(3, kt.name());
					ps.setLong(4, kt.applicationId());
					ps.setString(5, kt.transactionName());
					var summary = kt.summary() == null ? null : kt.summary().measured();
					StagingSql.setNumber(ps, 6, summary == null ? null : summary.responseTime());
					StagingSql.setNumber(ps, 7, summary == null ? null : summary.throughput());
					StagingSql.setNumber(ps, 8, summary == null ? null : summary.errorRate());
					StagingSql.setNumber(ps, 9, summary == null ? null : summary.apdexTarget());
					StagingSql.setNumber(ps, 10, summary == null ? null : summary.apdexScore());
					ps.setString(11, TimeRange.format(takenAt));
				});
	}

	/** The key transactions in report order: by application name, then their own. */
	public void forEach(long instanceId, RowConsumer<KeyTransactionRow> consumer) {
		jdbc.query("""
				SELECT k.*, a.NAME AS APPLICATION_NAME
				FROM APM_REPORT_KEY_TRANSACTION k
				JOIN APM_REPORT_APPLICATION a
				  ON a.JOB_INSTANCE_ID = k.JOB_INSTANCE_ID AND a.APPLICATION_ID = k.APPLICATION_ID
				WHERE k.JOB_INSTANCE_ID = ?
				ORDER BY LOWER(a.NAME), LOWER(k.NAME), k.KEY_TRANSACTION_ID
				""",
				(RowCallbackHandler) rs -> consumer.accept(new KeyTransactionRow(rs.getLong("KEY_TRANSACTION_ID"),
						rs.getString("NAME"), rs.getLong("APPLICATION_ID"), rs.getString("APPLICATION_NAME"),
						rs.getString("TRANSACTION_NAME"), StagingSql.number(rs, "RESPONSE_TIME"),
						StagingSql.number(rs, "THROUGHPUT"), StagingSql.number(rs, "ERROR_RATE"),
						StagingSql.number(rs, "APDEX_TARGET"), StagingSql.number(rs, "APDEX_SCORE"),
						OffsetDateTime.parse(rs.getString("TAKEN_AT")))),
				instanceId);
	}

}
