package io.apmreports.run.repository;

import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

import javax.sql.DataSource;

import org.h2.tools.Server;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.jdbc.autoconfigure.DataSourceProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Profile;
import org.springframework.core.env.Environment;
import org.springframework.core.env.Profiles;

import io.apmreports.failure.RunFailedException;

/**
 * Commands beside a running scheduler on the default H2 job repository, which one process
 * at a time may open: the scheduler (profile {@code scheduler}) serves its open
 * repository on a loopback port, and a command that finds the file held connects there.
 * The same rows, locks and transactions as one process, so each report and range still
 * runs once and restarts from its last chunk. A scheduler that finds a command holding
 * the file waits for it rather than depend on it.
 */
@Configuration(proxyBeanMethods = false)
class H2Beside {

	static final String SCHEDULER = "scheduler";

	private static final Logger log = LoggerFactory.getLogger(H2Beside.class);

	private static final Duration WAIT = Duration.ofMillis(250);

	/**
	 * How long a command waits for a scheduler that is starting to say where it serves.
	 */
	private static final Duration STARTING = Duration.ofMinutes(1);

	@Bean
	static BeanPostProcessor h2BesideTheScheduler(Environment environment) {
		boolean scheduler = environment.acceptsProfiles(Profiles.of(SCHEDULER));
		return new BeanPostProcessor() {

			@Override
			public Object postProcessAfterInitialization(Object bean, String beanName) {
				if (bean instanceof DataSourceProperties properties) {
					H2File.of(properties.getUrl())
						.flatMap(file -> scheduler ? waitedFor(file) : served(file))
						.ifPresent(served -> properties.setUrl(served.url()));
				}
				return bean;
			}

		};
	}

	/**
	 * Where the scheduler serves the file, when another process holds it; one that is
	 * starting (its schema being brought up to date) is waited for until it says where.
	 * Nothing when a command holds the file: H2 then tells so.
	 */
	static Optional<H2File.Served> served(H2File file) {
		Instant until = Instant.now().plus(STARTING);
		while (file.heldElsewhere()) {
			Optional<H2File.Served> served = file.served();
			if (served.isEmpty() || served.get().port() > 0 || Instant.now().isAfter(until)) {
				return served.filter(address -> address.port() > 0);
			}
			pause(file);
		}
		return Optional.empty();
	}

	/**
	 * Nothing, once no other process holds the file: a scheduler opens it itself. Another
	 * scheduler's is refused; a command's is waited for.
	 */
	static Optional<H2File.Served> waitedFor(H2File file) {
		boolean told = false;
		while (file.heldElsewhere()) {
			if (file.served().isPresent()) {
				throw new RunFailedException("another scheduler runs on the job repository " + file.dataFile()
						+ ": one scheduler per data directory (several nodes share a PostgreSQL job repository)");
			}
			if (!told) {
				log.info("Waiting for the job repository {}: another apm-reports command has it open", file.dataFile());
				told = true;
			}
			pause(file);
		}
		// in place of the address a scheduler killed outright may have left: this one's,
		// starting, which a command waits for rather than take the file for another
		// command's
		file.serve(H2File.Served.starting(ProcessHandle.current().pid()));
		return Optional.empty();
	}

	private static void pause(H2File file) {
		try {
			Thread.sleep(WAIT.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new RunFailedException("stopped while waiting for the job repository " + file.dataFile());
		}
	}

	/** The scheduler's server of its open H2 file, stopped with the context. */
	@Bean
	@Profile(SCHEDULER)
	RepositoryServer repositoryServer(DataSourceProperties properties, DataSource dataSource) {
		return new RepositoryServer(H2File.of(properties.getUrl()).orElse(null), dataSource);
	}

	/** Serves the open H2 file on a loopback port while the scheduler runs. */
	static final class RepositoryServer implements InitializingBean, DisposableBean {

		private final H2File file;

		private final DataSource dataSource;

		private Server server;

		RepositoryServer(H2File file, DataSource dataSource) {
			this.file = file;
			this.dataSource = dataSource;
		}

		@Override
		public void afterPropertiesSet() throws SQLException {
			if (file == null) {
				return;
			}
			// opened here first, with the URL's settings (kept open until the context
			// closes it), not by the first client through the server, with none
			dataSource.getConnection().close();
			String key = UUID.randomUUID().toString();
			server = Server.createTcpServer("-tcpPort", "0", "-tcpDaemon", "-key", key, file.database().toString())
				.start();
			H2File.Served served = new H2File.Served(server.getPort(), key, ProcessHandle.current().pid());
			file.serve(served);
			log.info("Serving the job repository to the commands run beside the scheduler at {}", served);
		}

		@Override
		public void destroy() {
			if (server != null) {
				file.stopServing();
				server.stop();
			}
		}

	}

}
