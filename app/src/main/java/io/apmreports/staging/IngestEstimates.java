package io.apmreports.staging;

import java.sql.Date;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.springframework.jdbc.core.ConnectionCallback;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.stereotype.Repository;

import io.apmreports.range.TimeRange;
import io.apmreports.source.ByteEstimate;

/**
 * The daily byte estimates kept across runs ({@code APM_INGEST_ESTIMATE}): measured while
 * the vendor still keeps the events, read by the month's cost run. Not a run's staging:
 * they outlive {@code report.keep-for}, for {@code report.ingest-estimates-keep-for}.
 * Measuring a day again replaces that day's rows of the account, on either database, even
 * when two runs measure it at once.
 */
@Repository
public class IngestEstimates {

	static final String TABLE = "APM_INGEST_ESTIMATE";

	/** What {@code APPLICATION} holds for the estimate of all the rule's events. */
	private static final String WHOLE = "";

	private static final String COLUMNS = "ACCOUNT_ID, MEASURED_DAY, USAGE_METRIC, APPLICATION, BYTES, MEASURED_AT";

	private static final String KEY = "ACCOUNT_ID, MEASURED_DAY, USAGE_METRIC, APPLICATION";

	private static final String H2_UPSERT = "MERGE INTO " + TABLE + " (" + COLUMNS + ") KEY (" + KEY
			+ ") VALUES (?, ?, ?, ?, ?, ?)";

	private static final String POSTGRESQL_UPSERT = "INSERT INTO " + TABLE + " (" + COLUMNS
			+ ") VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (" + KEY
			+ ") DO UPDATE SET BYTES = EXCLUDED.BYTES, MEASURED_AT = EXCLUDED.MEASURED_AT";

	private final JdbcTemplate jdbc;

	private volatile String upsert;

	IngestEstimates(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * Keeps one account's estimates of one day, measured at {@code measuredAt}: what an
	 * earlier measurement of that day kept goes.
	 */
	public void save(long accountId, LocalDate day, List<ByteEstimate> estimates, OffsetDateTime measuredAt) {
		jdbc.update("DELETE FROM " + TABLE + " WHERE ACCOUNT_ID = ? AND MEASURED_DAY = ?", accountId,
				Date.valueOf(day));
		jdbc.batchUpdate(upsert(), estimates, estimates.size(), (ps, estimate) -> {
			ps.setLong(1, accountId);
			ps.setDate(2, Date.valueOf(day));
			ps.setString(3, estimate.usageMetric());
			ps.setString(4, estimate.whole() ? WHOLE : estimate.application());
			ps.setDouble(5, estimate.bytes());
			ps.setString(6, TimeRange.format(measuredAt));
		});
	}

	/**
	 * The days from {@code first} to {@code last}, both included, of which the account's
	 * estimates are kept.
	 */
	public Set<LocalDate> keptDays(long accountId, LocalDate first, LocalDate last) {
		Set<LocalDate> days = new TreeSet<>();
		jdbc.query("""
				SELECT DISTINCT MEASURED_DAY FROM APM_INGEST_ESTIMATE
				WHERE ACCOUNT_ID = ? AND MEASURED_DAY >= ? AND MEASURED_DAY <= ? AND APPLICATION = ''
				""", (RowCallbackHandler) rs -> days.add(rs.getDate(1).toLocalDate()), accountId, Date.valueOf(first),
				Date.valueOf(last));
		return days;
	}

	/**
	 * The account's estimates from {@code first} to {@code last}, both included, summed
	 * per usage metric and application (the whole rule's with a {@code null}
	 * application), each with the first of those days.
	 */
	public List<ByteEstimate> sums(long accountId, LocalDate first, LocalDate last) {
		return jdbc.query("""
				SELECT USAGE_METRIC, APPLICATION, SUM(BYTES) AS BYTES FROM APM_INGEST_ESTIMATE
				WHERE ACCOUNT_ID = ? AND MEASURED_DAY >= ? AND MEASURED_DAY <= ?
				GROUP BY USAGE_METRIC, APPLICATION
				ORDER BY USAGE_METRIC, APPLICATION
				""", (rs, row) -> {
			String application = rs.getString("APPLICATION");
			return new ByteEstimate(accountId, first, rs.getString("USAGE_METRIC"),
					WHOLE.equals(application) ? null : application, rs.getDouble("BYTES"));
		}, accountId, Date.valueOf(first), Date.valueOf(last));
	}

	/** The estimates of one day, of every account, for the day's {@code ingest.csv}. */
	public List<ByteEstimate> ofDay(LocalDate day) {
		return jdbc.query("""
				SELECT ACCOUNT_ID, USAGE_METRIC, APPLICATION, BYTES FROM APM_INGEST_ESTIMATE
				WHERE MEASURED_DAY = ?
				ORDER BY ACCOUNT_ID, USAGE_METRIC, APPLICATION
				""", (rs, row) -> {
			String application = rs.getString("APPLICATION");
			return new ByteEstimate(rs.getLong("ACCOUNT_ID"), day, rs.getString("USAGE_METRIC"),
					WHOLE.equals(application) ? null : application, rs.getDouble("BYTES"));
		}, Date.valueOf(day));
	}

	/** Forgets the days before {@code day}; answers how many rows went. */
	public int forgetBefore(LocalDate day) {
		return jdbc.update("DELETE FROM " + TABLE + " WHERE MEASURED_DAY < ?", Date.valueOf(day));
	}

	/** The database's own upsert: both take a whole key, neither the other's words. */
	private String upsert() {
		if (upsert == null) {
			String database = jdbc
				.execute((ConnectionCallback<String>) connection -> connection.getMetaData().getDatabaseProductName());
			upsert = "PostgreSQL".equals(database) ? POSTGRESQL_UPSERT : H2_UPSERT;
		}
		return upsert;
	}

}
