package io.apmreports.run.repository;

import java.nio.file.Path;
import java.util.Optional;

import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationEnvironmentPreparedEvent;
import org.springframework.boot.context.event.ApplicationPreparedEvent;
import org.springframework.boot.logging.LogFile;
import org.springframework.context.ApplicationEvent;
import org.springframework.context.event.GenericApplicationListener;
import org.springframework.core.Ordered;
import org.springframework.core.ResolvableType;
import org.springframework.core.env.ConfigurableEnvironment;

/**
 * {@link OwnerOnly} as a command's context starts: the data directory and the log file
 * made its owner's alone once the settings are read and before the log file is opened
 * (Boot's logging starts after this), and what others can read told once the log is there
 * to tell it.
 */
public final class OwnerOnlyAtStart implements GenericApplicationListener {

	/** After the settings are read, before the logging that opens the log file. */
	private static final int ORDER = Ordered.HIGHEST_PRECEDENCE + 15;

	private Optional<String> readable = Optional.empty();

	@Override
	public boolean supportsEventType(ResolvableType eventType) {
		Class<?> type = eventType.getRawClass();
		return type != null && (ApplicationEnvironmentPreparedEvent.class.isAssignableFrom(type)
				|| ApplicationPreparedEvent.class.isAssignableFrom(type));
	}

	@Override
	public void onApplicationEvent(ApplicationEvent event) {
		if (event instanceof ApplicationEnvironmentPreparedEvent prepared) {
			ConfigurableEnvironment environment = prepared.getEnvironment();
			String dataDir = environment.getProperty("report.data-dir");
			LogFile logFile = LogFile.get(environment);
			if (dataDir != null) {
				readable = OwnerOnly.prepare(Path.of(dataDir), logFile == null ? null : Path.of(logFile.toString()),
						JobRepositoryWithoutSpring.repositoryFile(environment));
			}
		}
		else if (event instanceof ApplicationPreparedEvent) {
			readable.ifPresent(line -> LoggerFactory.getLogger(OwnerOnly.class).warn(line));
		}
	}

	@Override
	public int getOrder() {
		return ORDER;
	}

}
