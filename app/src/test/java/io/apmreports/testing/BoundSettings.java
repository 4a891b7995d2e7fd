package io.apmreports.testing;

import java.util.Map;

import jakarta.validation.Validation;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.bind.validation.BindValidationException;
import org.springframework.boot.context.properties.bind.validation.ValidationBindHandler;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.validation.FieldError;
import org.springframework.validation.beanvalidation.SpringValidatorAdapter;

import io.apmreports.failure.Failures;

/**
 * Binds a settings record as Spring Boot does, with its Bean Validation constraints,
 * without starting a context.
 */
public final class BoundSettings {

	private BoundSettings() {
	}

	public static <T> T bind(String prefix, Class<T> type, Map<String, String> values) {
		var validator = new SpringValidatorAdapter(Validation.buildDefaultValidatorFactory().getValidator());
		return new Binder(new MapConfigurationPropertySource(values)).bindOrCreate(prefix, Bindable.of(type),
				new ValidationBindHandler(validator));
	}

	/**
	 * The first broken constraint as "object.field: message" ("apm.retry.maxAttempts:
	 * must be greater than or equal to 1"), or {@code null} when the values bind.
	 */
	public static String firstError(String prefix, Class<?> type, Map<String, String> values) {
		try {
			bind(prefix, type, values);
			return null;
		}
		catch (BindException ex) {
			BindValidationException invalid = Failures.find(ex, BindValidationException.class).orElseThrow(() -> ex);
			FieldError error = (FieldError) invalid.getValidationErrors().getAllErrors().get(0);
			return invalid.getValidationErrors().getName() + "." + error.getField() + ": " + error.getDefaultMessage();
		}
	}

}
