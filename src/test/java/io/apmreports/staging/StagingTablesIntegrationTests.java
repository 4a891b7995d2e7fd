package io.apmreports.staging;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import javax.sql.DataSource;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import io.apmreports.repository.TestPostgres;
import io.apmreports.repository.TestSchema;

/**
 * The staging tables on both databases the job repository can live in: the migrations run again over a schema that
 * is up to date, as on every start, and rows come back in the same order on both.
 */
class StagingTablesIntegrationTests {

	private static final long INSTANCE = 1;

	static Stream<Arguments> databases() {
		return Stream.of(
				Arguments.of("h2", new DriverManagerDataSource("jdbc:h2:mem:staging;DB_CLOSE_DELAY=-1", "sa", "")),
				Arguments.of("postgresql", TestPostgres.newDatabase().dataSource()));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("databases")
	void hostsComeInTheSameOrderOnEveryDatabaseANamelessOneFirst(String database, DataSource dataSource) {
		// given the schema made, then made again by a second start, and an application with a host of no name
		TestSchema.migrate(dataSource, database);
		TestSchema.migrate(dataSource, database);
		JdbcTemplate jdbc = new JdbcTemplate(dataSource);
		new ReportStore(jdbc).saveApplications(INSTANCE,
				List.of(new StagedApplication(7, "Checkout", "java", "green", true, 3, 3)));
		SectionStore sections = new SectionStore(jdbc);
		sections.saveHosts(INSTANCE, List.of(List.of(host(71, "web-b"), host(72, null), host(73, "Web-a"))));

		// when
		List<Long> hosts = new ArrayList<>();
		sections.forEachHost(INSTANCE, row -> hosts.add(row.hostId()));

		// then
		assertThat(hosts).containsExactly(72L, 73L, 71L);
	}

	private static HostFigures host(long id, String name) {
		return new HostFigures(7, id, name, null, null, ApplicationFigures.FAILED, "no figures in this test");
	}

}
