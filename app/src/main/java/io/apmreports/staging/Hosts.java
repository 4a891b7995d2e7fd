package io.apmreports.staging;

import java.util.ArrayList;
import java.util.List;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.stereotype.Repository;

import io.apmreports.source.FigureStatus;
import io.apmreports.source.HostFigures;

/**
 * The figures of each host of each application ({@code APM_REPORT_HOST}); a row with host
 * id {@link HostFigures#NO_HOST} marks an application whose hosts could not be listed, or
 * were none.
 */
@Repository
public class Hosts {

	static final String TABLE = "APM_REPORT_HOST";

	private final JdbcTemplate jdbc;

	Hosts(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * Stages a chunk's applications' hosts, replacing what an earlier attempt staged of
	 * the same applications.
	 */
	public void save(long instanceId, List<? extends List<HostFigures>> applications) {
		List<HostFigures> hosts = applications.stream().flatMap(List::stream).toList();
		StagingSql.deleteRows(jdbc, TABLE, instanceId,
				hosts.stream().map(HostFigures::applicationId).distinct().toList());
		List<String> columns = new ArrayList<>(List.of("JOB_INSTANCE_ID", "APPLICATION_ID", "HOST_ID", "HOST_NAME"));
		columns.addAll(FigureRows.columns(""));
		columns.addAll(List.of("CALL_VOLUME", "STATUS", "STATUS_DETAIL"));
		jdbc.batchUpdate(StagingSql.insert(TABLE, columns), hosts, hosts.size(), (ps, host) -> {
			ps.setLong(1, instanceId);
			ps.setLong(2, host.applicationId());
			ps.setLong(3, host.hostId());
			ps.setString(4, host.hostName());
			int index = FigureRows.bind(ps, 5, host.breakdown());
			StagingSql.setNumber(ps, index++, host.callVolume());
			ps.setString(index++, host.status().value());
			ps.setString(index, host.statusDetail());
		});
	}

	/** The hosts in report order: by application, then host name. */
	public void forEach(long instanceId, RowConsumer<HostRow> consumer) {
		// a host may come without a name; H2 sorts nulls first and PostgreSQL last unless
		// told
		jdbc.query(
				"""
						SELECT h.*, a.NAME
						FROM APM_REPORT_HOST h
						JOIN APM_REPORT_APPLICATION a ON a.JOB_INSTANCE_ID = h.JOB_INSTANCE_ID AND a.APPLICATION_ID = h.APPLICATION_ID
						WHERE h.JOB_INSTANCE_ID = ?
						ORDER BY LOWER(a.NAME), h.APPLICATION_ID, LOWER(h.HOST_NAME) NULLS FIRST, h.HOST_ID
						""",
				(RowCallbackHandler) rs -> {
					long hostId = rs.getLong("HOST_ID");
					consumer.accept(new HostRow(rs.getLong("APPLICATION_ID"), rs.getString("NAME"),
							hostId == HostFigures.NO_HOST ? null : hostId, rs.getString("HOST_NAME"),
							FigureRows.read(rs, ""), FigureStatus.of(rs.getString("STATUS")).value(),
							rs.getString("STATUS_DETAIL")));
				}, instanceId);
	}

}
