package io.apmreports.cli;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.function.Supplier;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.Environment;

import io.apmreports.ApmReportsApplication;
import io.apmreports.run.repository.OwnerOnlyAtStart;

/**
 * The application context of one command, which on SIGTERM outlives the stopping run (see
 * {@link Sigterm}).
 */
final class SpringSession implements AutoCloseable {

	private final ConfigurableApplicationContext context;

	/**
	 * Counted down once the context is closed, which closes the job repository: SIGTERM's
	 * hook waits for it.
	 */
	private final CountDownLatch closed = new CountDownLatch(1);

	private SpringSession(ConfigurableApplicationContext context) {
		this.context = context;
	}

	static SpringSession start(List<String> settings) {
		return start(settings, List.of());
	}

	/**
	 * A context with these profiles of the command's besides the user's: the scheduler's
	 * (application-scheduler.yml) makes it a web application, for its health and metrics.
	 */
	static SpringSession start(List<String> settings, List<String> profiles) {
		// no Spring shutdown hook: on SIGTERM the context must outlive the stopping run
		return new SpringSession(new SpringApplicationBuilder(ApmReportsApplication.class).web(WebApplicationType.NONE)
			.profiles(profiles.toArray(String[]::new))
			.logStartupInfo(false)
			.registerShutdownHook(false)
			.listeners(new OwnerOnlyAtStart())
			.run(settings.toArray(String[]::new)));
	}

	/**
	 * Where the scheduler's health and metrics are served
	 * ({@code http://127.0.0.1:8081/actuator}), if they are: Boot tells the management
	 * server's port to the parent context too.
	 */
	Optional<String> managementUrl() {
		Environment environment = context.getEnvironment();
		return Optional.ofNullable(environment.getProperty("local.management.port"))
			.map(port -> "http://" + environment.getProperty("management.server.address", "127.0.0.1") + ":" + port
					+ "/actuator");
	}

	/** Where the console is served ({@code http://127.0.0.1:8080/}), if it is. */
	Optional<String> serverUrl() {
		return serverUrl(context.getEnvironment());
	}

	/**
	 * The console's address in a started context's environment; none where only the
	 * management server listens (the scheduler without a console has server.port -1,
	 * which Boot tells as the local port too).
	 */
	static Optional<String> serverUrl(Environment environment) {
		return Optional.ofNullable(environment.getProperty("local.server.port", Integer.class))
			.filter(port -> port > 0)
			.map(port -> "http://" + environment.getProperty("server.address", "127.0.0.1") + ":" + port + "/");
	}

	<T> T bean(Class<T> type) {
		return context.getBean(type);
	}

	/**
	 * Runs {@code body} so that SIGTERM calls {@code stop} and waits for the body, then
	 * for this to be closed.
	 */
	<T> T stoppable(Runnable stop, Supplier<T> body) {
		return Sigterm.stoppable(stop, closed, body);
	}

	@Override
	public void close() {
		try {
			context.close();
		}
		finally {
			closed.countDown();
		}
	}

}
