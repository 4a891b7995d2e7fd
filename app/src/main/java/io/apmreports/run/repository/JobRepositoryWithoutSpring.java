package io.apmreports.run.repository;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;

import javax.sql.DataSource;

import org.flywaydb.core.api.MigrationVersion;
import org.slf4j.LoggerFactory;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.repository.support.JdbcJobRepositoryFactoryBean;
import org.springframework.boot.logging.LogFile;
import org.springframework.boot.logging.LoggingInitializationContext;
import org.springframework.boot.logging.LoggingSystem;
import org.springframework.core.env.Environment;
import org.springframework.dao.DataAccessException;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

import io.apmreports.delivery.SentMessages;
import io.apmreports.job.ReportJobConfiguration;
import io.apmreports.run.RunHistory;

/**
 * The job repository read without an application context, Flyway or the batch
 * infrastructure, for {@code runs} and {@code show} to answer in a moment: the database
 * application.yml (and the active profiles' files) names, read through Spring Batch's own
 * repository and the table of messages sent, as in a context. Only a repository whose
 * schema is this version's: one that is older (or a setting only a context reads) is left
 * to the full start, which migrates it.
 */
public final class JobRepositoryWithoutSpring implements AutoCloseable {

	private static final String MIGRATIONS = "classpath*:db/migration/**/V*__*.sql";

	private static final String SCHEMA_VERSIONS = """
			SELECT "version" FROM "flyway_schema_history" WHERE "success" AND "version" IS NOT NULL
			""";

	private final SharedH2File shared;

	private final RunHistory history;

	private JobRepositoryWithoutSpring(SharedH2File shared, RunHistory history) {
		this.shared = shared;
		this.history = history;
	}

	/**
	 * The job repository these settings name (given on the command line, as the context
	 * would take them), with a history that is empty when there is no repository yet
	 * (none is made); nothing when only the full start can read it.
	 */
	public static Optional<JobRepositoryWithoutSpring> open(ConfigurableEnvironment environment) {
		String url;
		try {
			url = environment.getProperty("spring.datasource.url");
		}
		catch (IllegalArgumentException unresolved) {
			return Optional.empty();
		}
		if (url == null) {
			return Optional.empty();
		}
		Optional<H2File> file = H2File.of(url);
		if (file.isPresent() && !Files.exists(file.get().dataFile())) {
			return Optional.of(new JobRepositoryWithoutSpring(null, null));
		}
		startLogging(environment);
		String user = environment.getProperty("spring.datasource.username");
		String password = environment.getProperty("spring.datasource.password");
		SharedH2File shared = file.map(h2 -> SharedH2File.open(h2, url, user, password, false)).orElse(null);
		DataSource dataSource = new DriverManagerDataSource(shared == null ? url : shared.url(), user, password);
		try {
			if (!current(dataSource)) {
				close(shared);
				return Optional.empty();
			}
			return Optional.of(new JobRepositoryWithoutSpring(shared, history(dataSource)));
		}
		catch (RuntimeException ex) {
			close(shared);
			throw ex;
		}
	}

	/** The runs, or nothing when there is no job repository yet. */
	public Optional<RunHistory> history() {
		return Optional.ofNullable(history);
	}

	@Override
	public void close() {
		close(shared);
	}

	private static void close(SharedH2File shared) {
		if (shared != null) {
			shared.close();
		}
	}

	/** The log file, as the context would start it; and what others may read told. */
	private static void startLogging(ConfigurableEnvironment environment) {
		LogFile logFile = LogFile.get(environment);
		Optional<String> readable = OwnerOnly.prepare(Path.of(environment.getProperty("report.data-dir", "data")),
				logFile == null ? null : Path.of(logFile.toString()), repositoryFile(environment));
		LoggingSystem logging = LoggingSystem.get(JobRepositoryWithoutSpring.class.getClassLoader());
		logging.beforeInitialize();
		logging.initialize(new LoggingInitializationContext(environment), null, logFile);
		readable.ifPresent(line -> LoggerFactory.getLogger(OwnerOnly.class).warn(line));
	}

	/** The H2 file of the job repository the settings name, if they name one. */
	static Path repositoryFile(Environment environment) {
		try {
			return H2File.of(environment.getProperty("spring.datasource.url")).map(H2File::dataFile).orElse(null);
		}
		catch (IllegalArgumentException unresolved) {
			return null;
		}
	}

	/** Whether the schema is this version's, neither older nor newer. */
	private static boolean current(DataSource dataSource) {
		MigrationVersion repository;
		try {
			repository = new JdbcTemplate(dataSource).queryForList(SCHEMA_VERSIONS, String.class)
				.stream()
				.map(MigrationVersion::fromVersion)
				.max(MigrationVersion::compareTo)
				.orElse(MigrationVersion.EMPTY);
		}
		catch (DataAccessException noHistory) {
			return false;
		}
		return repository.equals(latestMigration());
	}

	private static MigrationVersion latestMigration() {
		try {
			return Arrays.stream(new PathMatchingResourcePatternResolver().getResources(MIGRATIONS))
				.map(Resource::getFilename)
				.map(name -> MigrationVersion.fromVersion(name.substring(1, name.indexOf("__")).replace('_', '.')))
				.max(MigrationVersion::compareTo)
				.orElse(MigrationVersion.EMPTY);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static RunHistory history(DataSource dataSource) {
		DataSourceTransactionManager transactions = new DataSourceTransactionManager(dataSource);
		Unproxied factory = new Unproxied();
		factory.setDataSource(dataSource);
		factory.setTransactionManager(transactions);
		try {
			factory.afterPropertiesSet();
			return new RunHistory(factory.repository(), ReportJobConfiguration.jobName(),
					new SentMessages(new JdbcTemplate(dataSource), transactions));
		}
		catch (Exception ex) {
			throw new IllegalStateException("the job repository cannot be read", ex);
		}
	}

	/**
	 * Spring Batch's repository without the proxy that gives each call a transaction: it
	 * is only read here, and the proxy alone costs a noticeable part of the answer's
	 * time.
	 */
	private static final class Unproxied extends JdbcJobRepositoryFactoryBean {

		JobRepository repository() throws Exception {
			return (JobRepository) getTarget();
		}

	}

}
