package io.apmreports.cli;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.ConfigurationPropertySource;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.core.env.PropertiesPropertySource;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

/**
 * Settings records bound as Spring binds them, without an application context, for the
 * commands that start none: from the command line, else a system property (-D), else the
 * environment variable ({@code REPORT_DEFINITIONS}), else the record's default.
 */
final class StandaloneSettings {

	private StandaloneSettings() {
	}

	/**
	 * The settings record under {@code prefix}, from {@code given} (names such as
	 * report.definitions) first.
	 */
	static <T> T bind(String prefix, Class<T> type, Map<String, String> given) {
		List<ConfigurationPropertySource> sources = new ArrayList<>();
		sources.add(new MapConfigurationPropertySource(given));
		// -D settings, as JAVA_OPTS gives them through the launcher
		ConfigurationPropertySources
			.from(new PropertiesPropertySource(StandardEnvironment.SYSTEM_PROPERTIES_PROPERTY_SOURCE_NAME,
					System.getProperties()))
			.forEach(sources::add);
		ConfigurationPropertySources
			.from(new SystemEnvironmentPropertySource(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
					new HashMap<>(System.getenv())))
			.forEach(sources::add);
		return new Binder(sources).bindOrCreate(prefix, type);
	}

	/** The settings record under {@code prefix} with nothing set: its defaults. */
	static <T> T defaults(String prefix, Class<T> type) {
		return new Binder().bindOrCreate(prefix, type);
	}

}
