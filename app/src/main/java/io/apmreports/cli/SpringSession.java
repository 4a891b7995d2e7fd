package io.apmreports.cli;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerInitializedEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.context.ConfigurableApplicationContext;

import io.apmreports.ApmReportsApplication;

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

	/** The port the management server listens on, once it does. */
	private static final AtomicInteger MANAGEMENT_PORT = new AtomicInteger(-1);

	private SpringSession(ConfigurableApplicationContext context) {
		this.context = context;
	}

	static SpringSession start(List<String> settings) {
		return start(settings, List.of(), false);
	}

	/**
	 * A context with these profiles of the command's; a command that serves endpoints
	 * (the scheduler's health and metrics) is a web application.
	 */
	static SpringSession start(List<String> settings, List<String> profiles, boolean serving) {
		// no Spring shutdown hook: on SIGTERM the context must outlive the stopping run
		return new SpringSession(new SpringApplicationBuilder(ApmReportsApplication.class)
			.web(serving ? WebApplicationType.SERVLET : WebApplicationType.NONE)
			.profiles(profiles.toArray(String[]::new))
			// the management server's context is a child: its event reaches this listener
			.listeners((ApplicationListener<WebServerInitializedEvent>) event -> MANAGEMENT_PORT
				.set(event.getWebServer().getPort()))
			.logStartupInfo(false)
			.registerShutdownHook(false)
			.run(settings.toArray(String[]::new)));
	}

	/**
	 * Where the scheduler's health and metrics are served
	 * ({@code http://127.0.0.1:8081/actuator}), if they are.
	 */
	Optional<String> managementUrl() {
		int port = MANAGEMENT_PORT.get();
		return port < 0 ? Optional.empty()
				: Optional.of("http://" + context.getEnvironment().getProperty("management.server.address", "127.0.0.1")
						+ ":" + port + "/actuator");
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
