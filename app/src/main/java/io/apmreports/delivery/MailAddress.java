package io.apmreports.delivery;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import jakarta.mail.internet.AddressException;
import jakarta.mail.internet.InternetAddress;
import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;

/**
 * One RFC 822 address, a display name allowed
 * ({@code APM Reports <reports@example.com>}), as Jakarta Mail reads it: Bean
 * Validation's {@code @Email} takes no display name. {@code null} is valid, as with the
 * standard constraints.
 */
@Target({ ElementType.FIELD, ElementType.PARAMETER, ElementType.RECORD_COMPONENT })
@Retention(RetentionPolicy.RUNTIME)
@Constraint(validatedBy = MailAddress.Validator.class)
@interface MailAddress {

	String message() default "must be an e-mail address";

	Class<?>[] groups() default {};

	Class<? extends Payload>[] payload() default {};

	/**
	 * Checks with Jakarta Mail, which sends the message, so that what is accepted here is
	 * what it can send from.
	 */
	class Validator implements ConstraintValidator<MailAddress, String> {

		@Override
		public boolean isValid(String value, ConstraintValidatorContext context) {
			if (value == null) {
				return true;
			}
			try {
				new InternetAddress(value, true);
				return true;
			}
			catch (AddressException ex) {
				return false;
			}
		}

	}

}
