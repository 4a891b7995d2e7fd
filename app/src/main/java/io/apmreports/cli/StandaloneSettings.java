package io.apmreports.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import jakarta.validation.Validation;

import org.slf4j.LoggerFactory;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.BindHandler;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.bind.validation.ValidationBindHandler;
import org.springframework.boot.env.YamlPropertySourceLoader;
import org.springframework.core.annotation.MergedAnnotations;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.PropertySource;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.Resource;
import org.springframework.validation.beanvalidation.SpringValidatorAdapter;

/**
 * The settings as the context will take them, for the checks made before it starts and
 * the commands that start none: the command line's, system properties (-D), the
 * environment ({@code REPORT_DEFINITIONS}), the active profiles' files and
 * application.yml, with its placeholders. Settings records are bound from them by Spring
 * Boot's own binder under the prefix their {@link ConfigurationProperties} names, and
 * checked by Boot's own validating handler, so that a value is refused here exactly as
 * the context would refuse it: no second copy of the prefixes, of application.yml or of
 * the rules.
 */
final class StandaloneSettings {

	private final Map<String, String> given;

	private final ConfigurableEnvironment environment;

	private final Binder binder;

	/** What the records come out as when nothing is set: application.yml alone. */
	private final Binder defaults;

	private StandaloneSettings(Map<String, String> given, ConfigurableEnvironment environment, Binder defaults) {
		this.given = given;
		this.environment = environment;
		this.binder = Binder.get(environment);
		this.defaults = defaults;
	}

	/** The settings given as {@code --name=value} (by name), and all others. */
	static StandaloneSettings of(Map<String, String> given) {
		StandardEnvironment environment = new StandardEnvironment();
		environment.getPropertySources().addFirst(new MapPropertySource("given", Map.copyOf(given)));
		StandardEnvironment packaged = new StandardEnvironment();
		packaged.getPropertySources().remove(StandardEnvironment.SYSTEM_PROPERTIES_PROPERTY_SOURCE_NAME);
		packaged.getPropertySources().remove(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME);
		List<String> profiles = Arrays.asList(environment.getActiveProfiles());
		for (int i = profiles.size() - 1; i >= 0; i--) {
			yaml("application-" + profiles.get(i) + ".yml").forEach(environment.getPropertySources()::addLast);
		}
		for (PropertySource<?> yaml : yaml("application.yml")) {
			environment.getPropertySources().addLast(yaml);
			packaged.getPropertySources().addLast(yaml);
		}
		return new StandaloneSettings(given, environment, Binder.get(packaged));
	}

	/** The settings given as {@code --name=value}, by name. */
	Map<String, String> given() {
		return given;
	}

	/** All the settings, as the context's environment will hold them. */
	ConfigurableEnvironment environment() {
		return environment;
	}

	/**
	 * The settings record {@code type} as the context will bind it, its constraints
	 * checked as the context checks them.
	 * @throws org.springframework.boot.context.properties.bind.BindException when the
	 * context would refuse a value: see {@link BadSetting#describe}
	 */
	<T> T bind(Class<T> type) {
		String prefix = prefix(type);
		T unchecked = binder.bindOrCreate(prefix, type);
		// a record that comes out as its defaults is valid as they are: Bean Validation's
		// start is paid only when something changed it
		if (unchecked.equals(defaults.bindOrCreate(prefix, type))) {
			return unchecked;
		}
		return binder.bindOrCreate(prefix, Bindable.of(type), Validated.handler());
	}

	/** A setting of Spring's own, such as {@code spring.mail.host}; null when unset. */
	String setting(String name) {
		return binder.bind(name, String.class).orElse(null);
	}

	/** The settings record {@code type} with nothing set: its defaults. */
	static <T> T defaults(Class<T> type) {
		return new Binder().bindOrCreate(prefix(type), type);
	}

	/** The prefix a settings record is bound under, as its annotation names it. */
	static String prefix(Class<?> type) {
		return MergedAnnotations.from(type).get(ConfigurationProperties.class).getString("prefix");
	}

	private static List<PropertySource<?>> yaml(String name) {
		Resource resource = new ClassPathResource(name);
		try {
			return resource.exists() ? new YamlPropertySourceLoader().load(name, resource) : List.of();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** Boot's validating handler, made only when a record needs it. */
	private static final class Validated {

		private static final SpringValidatorAdapter VALIDATOR = validator();

		static BindHandler handler() {
			return new ValidationBindHandler(VALIDATOR);
		}

		private static SpringValidatorAdapter validator() {
			// Hibernate Validator tells its version as it starts: before Spring
			// configures logging, logback's default would print that on the console
			((Logger) LoggerFactory.getLogger("org.hibernate.validator")).setLevel(Level.WARN);
			return new SpringValidatorAdapter(Validation.buildDefaultValidatorFactory().getValidator());
		}

	}

}
