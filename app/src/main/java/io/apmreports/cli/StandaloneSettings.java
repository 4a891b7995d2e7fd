package io.apmreports.cli;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import jakarta.validation.Validation;
import jakarta.validation.Validator;

import org.slf4j.LoggerFactory;

import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertySource;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.context.properties.source.ConfigurationPropertyState;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.PropertiesPropertySource;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

import io.apmreports.failure.UserFacingException;

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
		ConfigurationPropertyName name = ConfigurationPropertyName.of(prefix);
		// a record bound from its defaults alone is valid as written; Bean Validation's
		// start is paid only when something under the prefix was set
		boolean set = sources.stream()
			.anyMatch(source -> source.containsDescendantOf(name) != ConfigurationPropertyState.ABSENT);
		// application.yml's one placeholder: report.data-dir takes apm.data-dir, its old
		// name (and a bad value is told under the name given, as the context tells it)
		String oldName = given.getOrDefault("apm.data-dir", System.getProperty("apm.data-dir"));
		set |= oldName != null && prefix.equals("report");
		String dataDir = oldName != null ? oldName : "./data";
		ConfigurationPropertySources.from(new MapPropertySource("application.yml", Map.of("report.data-dir", dataDir)))
			.forEach(sources::add);
		T bound = new Binder(sources).bindOrCreate(prefix, type);
		if (set) {
			Validated.VALIDATOR.validate(bound)
				.stream()
				.min(Comparator.comparing(violation -> violation.getPropertyPath().toString()))
				.ifPresent(violation -> {
					throw new UserFacingException(BadSetting.describe(prefix, violation, given));
				});
		}
		return bound;
	}

	/**
	 * Checks a bound record's constraints as the context does, so that a value it would
	 * refuse ({@code --report.recover-after=-10m}) is refused by a command that starts
	 * none, in the same words.
	 */
	private static final class Validated {

		static final Validator VALIDATOR = validator();

		private static Validator validator() {
			// Hibernate Validator tells its version as it starts: before Spring
			// configures
			// logging, logback's default would print that on the console
			((Logger) LoggerFactory.getLogger("org.hibernate.validator")).setLevel(Level.WARN);
			return Validation.buildDefaultValidatorFactory().getValidator();
		}

	}

	/** The settings record under {@code prefix} with nothing set: its defaults. */
	static <T> T defaults(String prefix, Class<T> type) {
		return new Binder().bindOrCreate(prefix, type);
	}

}
