package io.apmreports.cli;

import java.net.URI;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.bind.validation.BindValidationException;
import org.springframework.boot.context.properties.bind.validation.ValidationErrors;
import org.springframework.boot.context.properties.source.ConfigurationProperty;
import org.springframework.util.unit.DataSize;
import org.springframework.validation.FieldError;
import org.springframework.validation.ObjectError;

import io.apmreports.failure.Failures;

/**
 * The one line for a setting Spring could not bind, or that broke a constraint of its
 * settings record: the setting's name, the value as the user wrote it, and what it must
 * be, in words rather than Spring's.
 */
final class BadSetting {

	/**
	 * Settings that took a new name, by their new name: application.yml passes the old
	 * name's value on, so a bad value given under the old name is told under it.
	 */
	private static final Map<String, String> OLD_NAMES = Map.of("report.data-dir", "apm.data-dir");

	private BadSetting() {
	}

	static String describe(BindException ex) {
		BindValidationException invalid = Failures.find(ex, BindValidationException.class).orElse(null);
		if (invalid != null && !invalid.getValidationErrors().getAllErrors().isEmpty()) {
			return describe(invalid.getValidationErrors());
		}
		ConfigurationProperty property = ex.getProperty();
		if (property == null) {
			return "settings under " + ex.getName() + " cannot be read";
		}
		return line(property.getName().toString(), property.getValue(), expected(ex.getTarget().getType().resolve()));
	}

	/** The first broken constraint; one line even when several are broken. */
	private static String describe(ValidationErrors errors) {
		ObjectError error = errors.getAllErrors().get(0);
		String name = errors.getName().toString()
				+ (error instanceof FieldError field ? "." + dashed(field.getField()) : "");
		Optional<ConfigurationProperty> bound = errors.getBoundProperties()
			.stream()
			.filter(property -> property.getName().toString().equals(name))
			.findFirst();
		Object rejected = error instanceof FieldError field ? field.getRejectedValue() : null;
		if (bound.isPresent() && fromApplicationYml(bound.get())) {
			// a renamed setting given under its old name, which application.yml passes on
			// as a placeholder: told under the old name, with the value it resolved to
			return line(OLD_NAMES.getOrDefault(name, name), rejected, error.getDefaultMessage());
		}
		// the text as written ("-5s"), not the bound object ("PT-5S")
		return line(name, bound.map(ConfigurationProperty::getValue).orElse(rejected), error.getDefaultMessage());
	}

	/**
	 * Whether the packaged application.yml gave the value: its defaults are valid, so a
	 * bad value there came from a setting it passes on.
	 */
	private static boolean fromApplicationYml(ConfigurationProperty property) {
		return String.valueOf(property.getOrigin()).contains("application.yml");
	}

	private static String line(String name, Object value, String expected) {
		return "setting " + name + " has an invalid value" + (mayHoldTheKey(name) ? "" : " '" + value + "'")
				+ (expected == null ? "" : ": " + expected);
	}

	/**
	 * Whether the value is never to be echoed: the key itself, or the base URL, where a
	 * key is easily pasted by mistake (alone or as user info).
	 */
	static boolean mayHoldTheKey(String name) {
		return name.equals("apm.base-url") || name.startsWith("apm.api-key");
	}

	private static String expected(Class<?> type) {
		if (type == null) {
			return null;
		}
		if (type == int.class || type == long.class || type == Integer.class || type == Long.class) {
			return "must be a whole number";
		}
		if (type == double.class || type == Double.class) {
			return "must be a number";
		}
		if (type == boolean.class || type == Boolean.class) {
			return "must be true or false";
		}
		if (type == Duration.class) {
			return "must be a duration such as 30s, 5m or 2h";
		}
		if (type == DataSize.class) {
			return "must be a size such as 512KB or 10MB";
		}
		if (type.isEnum()) {
			return "must be one of " + String.join(", ",
					Arrays.stream(type.getEnumConstants())
						.map(constant -> ((Enum<?>) constant).name().toLowerCase(Locale.ROOT).replace('_', '-'))
						.toList());
		}
		if (type == URI.class) {
			return "must be a URL such as https://api.example.com";
		}
		return null;
	}

	/**
	 * {@code retry.maxAttempts} as it is written in settings: {@code retry.max-attempts}.
	 */
	private static String dashed(String field) {
		return field.replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(Locale.ROOT);
	}

}
