package io.apmreports.staging;

import static io.apmreports.staging.StagingDatabases.application;
import static io.apmreports.staging.StagingDatabases.breakdown;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.jdbc.core.JdbcTemplate;

import io.apmreports.formula.FigureColumn;
import io.apmreports.source.FigureStatus;
import io.apmreports.source.HostFigures;

/**
 * The hosts table on both databases: rows come back in the same order on both, with their
 * figures as saved.
 */
class HostsIntegrationTests {

	private static final long INSTANCE = 1;

	@ParameterizedTest(name = "{0}")
	@MethodSource("io.apmreports.staging.StagingDatabases#both")
	void hostsComeInTheSameOrderOnEveryDatabaseANamelessOneFirst(String database, JdbcTemplate jdbc) {
		// given an application with a host of no name, and one whose hosts could not be
		// listed
		new StagedApplications(jdbc).save(INSTANCE, List.of(application(7, "Checkout"), application(8, "Search")));
		Hosts hosts = new Hosts(jdbc);
		hosts.save(INSTANCE, List.of(
				List.of(host(71, "web-b", FigureStatus.OK), host(72, null, FigureStatus.NO_DATA),
						host(73, "Web-a", FigureStatus.GONE)),
				List.of(new HostFigures(8, HostFigures.NO_HOST, null, null, null, FigureStatus.FAILED, "unreadable"))));

		// when
		List<HostRow> rows = new ArrayList<>();
		hosts.forEach(INSTANCE, rows::add);

		// then
		assertThat(rows).extracting(HostRow::hostId, HostRow::status)
			.containsExactly(tuple(72L, "no_data"), tuple(73L, "gone"), tuple(71L, "ok"), tuple(null, "failed"));
		for (FigureColumn figure : FigureColumn.values()) {
			assertThat(rows.get(2).figures().get(figure)).as(figure.column()).isEqualTo(figure.of(breakdown(71)));
		}
	}

	private static HostFigures host(long id, String name, FigureStatus status) {
		return new HostFigures(7, id, name, status == FigureStatus.OK ? breakdown(id) : null, null, status, null);
	}

}
