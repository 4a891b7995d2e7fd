package io.apmreports.staging;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.stereotype.Repository;

import io.apmreports.apm.KeyTransaction;
import io.apmreports.output.ChartData;
import io.apmreports.output.ComparisonRow;
import io.apmreports.output.Figures;
import io.apmreports.output.HostRow;
import io.apmreports.output.KeyTransactionRow;
import io.apmreports.output.Overview;
import io.apmreports.output.TrendPoint;
import io.apmreports.range.TimeRange;

/**
 * The staging tables of the optional sections (hosts, trends, key transactions, the previous period), keyed by job
 * instance like {@link ReportStore}, and the queries that stream them into the report.
 */
@Repository
public class SectionStore {

	/** The figures compared with the previous period, as named in summary.csv. */
	static final List<String> COMPARED = List.of("THROUGHPUT_RPM", "NON_WEB_THROUGHPUT_RPM", "RESPONSE_TIME_MS",
			"REQUEST_QUEUING_MS", "WEB_TRANSACTION_TIME_MS", "APPLICATION_TIME_MS", "DATASTORE_MS", "DATABASE_MS",
			"RUBY_DATABASE_MS", "EXTERNAL_MS", "CACHE_MS", "APDEX_SCORE", "ERROR_RATE");

	/** Figures that get worse as they grow: what counts as a regression among the movers. */
	static final List<String> SLOWER_IS_WORSE = List.of("RESPONSE_TIME_MS", "WEB_TRANSACTION_TIME_MS", "ERROR_RATE");

	private final JdbcTemplate jdbc;

	SectionStore(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	public void saveHosts(long instanceId, List<? extends List<HostFigures>> applications) {
		List<HostFigures> hosts = applications.stream().flatMap(List::stream).toList();
		ReportStore.deleteRows(jdbc, "APM_REPORT_HOST", instanceId,
				hosts.stream().map(HostFigures::applicationId).distinct().toList());
		jdbc.batchUpdate("INSERT INTO APM_REPORT_HOST (JOB_INSTANCE_ID, APPLICATION_ID, HOST_ID, HOST_NAME, "
				+ "THROUGHPUT_RPM, NON_WEB_THROUGHPUT_RPM, RESPONSE_TIME_MS, REQUEST_QUEUING_MS, "
				+ "WEB_TRANSACTION_TIME_MS, APPLICATION_TIME_MS, DATASTORE_MS, DATABASE_MS, RUBY_DATABASE_MS, "
				+ "EXTERNAL_MS, CACHE_MS, CALL_VOLUME, STATUS, STATUS_DETAIL) "
				+ "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", hosts, hosts.size(), (ps, host) -> {
					ps.setLong(1, instanceId);
					ps.setLong(2, host.applicationId());
					ps.setLong(3, host.hostId());
					ps.setString(4, host.hostName());
					Double[] figures = ReportStore.figureValues(host.breakdown());
					for (int i = 0; i < figures.length; i++) {
						ReportStore.setNumber(ps, 5 + i, figures[i]);
					}
					ReportStore.setNumber(ps, 16, host.callVolume());
					ps.setString(17, host.status());
					ps.setString(18, host.statusDetail());
				});
	}

	public void saveTrends(long instanceId, List<? extends List<TrendSlice>> applications) {
		List<TrendSlice> slices = applications.stream().flatMap(List::stream).toList();
		ReportStore.deleteRows(jdbc, "APM_REPORT_TREND", instanceId,
				slices.stream().map(TrendSlice::applicationId).distinct().toList());
		jdbc.batchUpdate("INSERT INTO APM_REPORT_TREND (JOB_INSTANCE_ID, APPLICATION_ID, SLICE, FROM_TIME, TO_TIME, "
				+ "RESPONSE_TIME_MS, THROUGHPUT_RPM) VALUES (?, ?, ?, ?, ?, ?, ?)", slices, slices.size(),
				(ps, slice) -> {
					ps.setLong(1, instanceId);
					ps.setLong(2, slice.applicationId());
					ps.setInt(3, slice.slice());
					ps.setString(4, slice.from() == null ? null : TimeRange.format(slice.from()));
					ps.setString(5, slice.to() == null ? null : TimeRange.format(slice.to()));
					ReportStore.setNumber(ps, 6, slice.responseTimeMs());
					ReportStore.setNumber(ps, 7, slice.throughputRpm());
				});
	}

	public void saveKeyTransactions(long instanceId, List<KeyTransaction> keyTransactions, OffsetDateTime takenAt) {
		jdbc.update("DELETE FROM APM_REPORT_KEY_TRANSACTION WHERE JOB_INSTANCE_ID = ?", instanceId);
		jdbc.batchUpdate("INSERT INTO APM_REPORT_KEY_TRANSACTION (JOB_INSTANCE_ID, KEY_TRANSACTION_ID, NAME, "
				+ "APPLICATION_ID, TRANSACTION_NAME, RESPONSE_TIME, THROUGHPUT, ERROR_RATE, APDEX_TARGET, APDEX_SCORE, "
				+ "TAKEN_AT) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", keyTransactions, keyTransactions.size(),
				(ps, kt) -> {
					ps.setLong(1, instanceId);
					ps.setLong(2, kt.id());
					ps.setString(3, kt.name());
					ps.setLong(4, kt.applicationId());
					ps.setString(5, kt.transactionName());
					var summary = kt.summary() == null ? null : kt.summary().measured();
					ReportStore.setNumber(ps, 6, summary == null ? null : summary.responseTime());
					ReportStore.setNumber(ps, 7, summary == null ? null : summary.throughput());
					ReportStore.setNumber(ps, 8, summary == null ? null : summary.errorRate());
					ReportStore.setNumber(ps, 9, summary == null ? null : summary.apdexTarget());
					ReportStore.setNumber(ps, 10, summary == null ? null : summary.apdexScore());
					ps.setString(11, TimeRange.format(takenAt));
				});
	}

	public void forEachHost(long instanceId, ReportStore.RowConsumer<HostRow> consumer) {
		// a host may come without a name; H2 sorts nulls first and PostgreSQL last unless told
		jdbc.query("SELECT h.*, a.NAME FROM APM_REPORT_HOST h JOIN APM_REPORT_APPLICATION a "
				+ "ON a.JOB_INSTANCE_ID = h.JOB_INSTANCE_ID AND a.APPLICATION_ID = h.APPLICATION_ID WHERE "
				+ "h.JOB_INSTANCE_ID = ? ORDER BY LOWER(a.NAME), h.APPLICATION_ID, LOWER(h.HOST_NAME) NULLS FIRST, h.HOST_ID",
				(RowCallbackHandler) rs -> {
					long hostId = rs.getLong("HOST_ID");
					consumer.accept(new HostRow(rs.getLong("APPLICATION_ID"), rs.getString("NAME"),
							hostId == HostFigures.NO_HOST ? null : hostId, rs.getString("HOST_NAME"),
							ReportStore.figures(rs), rs.getString("STATUS"), rs.getString("STATUS_DETAIL")));
				}, instanceId);
	}

	public void forEachKeyTransaction(long instanceId, ReportStore.RowConsumer<KeyTransactionRow> consumer) {
		jdbc.query("SELECT k.*, a.NAME AS APPLICATION_NAME FROM APM_REPORT_KEY_TRANSACTION k "
				+ "JOIN APM_REPORT_APPLICATION a ON a.JOB_INSTANCE_ID = k.JOB_INSTANCE_ID "
				+ "AND a.APPLICATION_ID = k.APPLICATION_ID WHERE k.JOB_INSTANCE_ID = ? "
				+ "ORDER BY LOWER(a.NAME), LOWER(k.NAME), k.KEY_TRANSACTION_ID",
				(RowCallbackHandler) rs -> consumer.accept(new KeyTransactionRow(rs.getLong("KEY_TRANSACTION_ID"),
						rs.getString("NAME"), rs.getLong("APPLICATION_ID"), rs.getString("APPLICATION_NAME"),
						rs.getString("TRANSACTION_NAME"), ReportStore.number(rs, "RESPONSE_TIME"),
						ReportStore.number(rs, "THROUGHPUT"), ReportStore.number(rs, "ERROR_RATE"),
						ReportStore.number(rs, "APDEX_TARGET"), ReportStore.number(rs, "APDEX_SCORE"),
						OffsetDateTime.parse(rs.getString("TAKEN_AT")))),
				instanceId);
	}

	/** One row per application and compared figure, in long form. */
	public void forEachComparison(long instanceId, ReportStore.RowConsumer<ComparisonRow> consumer) {
		jdbc.query(comparisonQuery(), (RowCallbackHandler) rs -> {
			for (String figure : COMPARED) {
				consumer.accept(comparison(rs, figure));
			}
		}, instanceId);
	}

	/** The largest regressions against the previous period, worst first. */
	public List<Overview.Mover> worstMovers(long instanceId, int limit) {
		List<Overview.Mover> movers = new ArrayList<>();
		jdbc.query(comparisonQuery(), (RowCallbackHandler) rs -> {
			for (String figure : SLOWER_IS_WORSE) {
				ComparisonRow row = comparison(rs, figure);
				if (row.changePct() != null && row.changePct() > 0) {
					movers.add(new Overview.Mover(row.applicationName(), row.metric(), row.previous(), row.current(),
							row.changePct()));
				}
			}
		}, instanceId);
		movers.sort((a, b) -> Double.compare(b.changePct(), a.changePct()));
		return movers.subList(0, Math.min(limit, movers.size()));
	}

	private static String comparisonQuery() {
		StringBuilder select = new StringBuilder("SELECT a.APPLICATION_ID, a.NAME");
		for (String figure : COMPARED) {
			select.append(", c.").append(figure).append(" AS C_").append(figure);
			select.append(", p.").append(figure).append(" AS P_").append(figure);
		}
		return select.append(" FROM APM_REPORT_APPLICATION a JOIN APM_REPORT_FIGURES c ")
			.append("ON c.JOB_INSTANCE_ID = a.JOB_INSTANCE_ID AND c.APPLICATION_ID = a.APPLICATION_ID ")
			.append("LEFT JOIN APM_REPORT_PREVIOUS p ON p.JOB_INSTANCE_ID = a.JOB_INSTANCE_ID ")
			.append("AND p.APPLICATION_ID = a.APPLICATION_ID WHERE a.JOB_INSTANCE_ID = ? ")
			.append("ORDER BY LOWER(a.NAME), a.APPLICATION_ID")
			.toString();
	}

	private static ComparisonRow comparison(ResultSet rs, String figure) throws SQLException {
		Double current = ReportStore.number(rs, "C_" + figure);
		Double previous = ReportStore.number(rs, "P_" + figure);
		Double change = current == null || previous == null ? null : current - previous;
		Double changePct = change == null || previous == 0 ? null : 100 * change / previous;
		return new ComparisonRow(rs.getLong("APPLICATION_ID"), rs.getString("NAME"),
				figure.toLowerCase(Locale.ROOT), current, previous, change, changePct);
	}

	public void forEachTrend(long instanceId, ReportStore.RowConsumer<TrendPoint> consumer) {
		jdbc.query("SELECT t.* FROM APM_REPORT_TREND t JOIN APM_REPORT_APPLICATION a "
				+ "ON a.JOB_INSTANCE_ID = t.JOB_INSTANCE_ID AND a.APPLICATION_ID = t.APPLICATION_ID "
				+ "WHERE t.JOB_INSTANCE_ID = ? AND t.SLICE >= 0 ORDER BY LOWER(a.NAME), t.APPLICATION_ID, t.SLICE",
				(RowCallbackHandler) rs -> consumer.accept(trendPoint(rs)), instanceId);
	}

	/** The top applications by web throughput: their response time series and their components. */
	public ChartData chartData(long instanceId, int top) {
		List<ChartData.Components> components = new ArrayList<>();
		List<long[]> ids = new ArrayList<>();
		List<String> names = new ArrayList<>();
		jdbc.query("SELECT a.APPLICATION_ID, a.NAME, f.* FROM APM_REPORT_APPLICATION a JOIN APM_REPORT_FIGURES f "
				+ "ON f.JOB_INSTANCE_ID = a.JOB_INSTANCE_ID AND f.APPLICATION_ID = a.APPLICATION_ID "
				+ "WHERE a.JOB_INSTANCE_ID = ? AND f.THROUGHPUT_RPM > 0 "
				+ "ORDER BY f.THROUGHPUT_RPM DESC, a.APPLICATION_ID FETCH FIRST " + top + " ROWS ONLY",
				(RowCallbackHandler) rs -> {
					Figures f = ReportStore.figures(rs);
					ids.add(new long[] { rs.getLong("APPLICATION_ID") });
					names.add(rs.getString("NAME"));
					components.add(new ChartData.Components(rs.getString("NAME"), f.applicationTimeMs(),
							f.datastoreMs(), f.databaseMs(), f.rubyDatabaseMs(), f.externalMs(), f.cacheMs(),
							f.requestQueuingMs()));
				}, instanceId);
		List<ChartData.Series> series = new ArrayList<>();
		for (int i = 0; i < ids.size(); i++) {
			List<TrendPoint> points = jdbc.query("SELECT * FROM APM_REPORT_TREND WHERE JOB_INSTANCE_ID = ? "
					+ "AND APPLICATION_ID = ? AND SLICE >= 0 ORDER BY SLICE", (rs, row) -> trendPoint(rs), instanceId,
					ids.get(i)[0]);
			if (!points.isEmpty()) {
				series.add(new ChartData.Series(names.get(i), points));
			}
		}
		return new ChartData(series, components);
	}

	private static TrendPoint trendPoint(ResultSet rs) throws SQLException {
		return new TrendPoint(rs.getLong("APPLICATION_ID"), OffsetDateTime.parse(rs.getString("FROM_TIME")),
				OffsetDateTime.parse(rs.getString("TO_TIME")), ReportStore.number(rs, "RESPONSE_TIME_MS"),
				ReportStore.number(rs, "THROUGHPUT_RPM"));
	}

}
