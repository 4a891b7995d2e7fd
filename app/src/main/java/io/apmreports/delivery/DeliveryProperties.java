package io.apmreports.delivery;

import java.time.Duration;

import jakarta.mail.internet.AddressException;
import jakarta.mail.internet.InternetAddress;
import jakarta.validation.constraints.AssertTrue;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import org.hibernate.validator.constraints.time.DurationMin;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;
import org.springframework.validation.annotation.Validated;

/**
 * Settings of e-mail delivery ({@code delivery.*}); the SMTP server itself is
 * {@code spring.mail.*}.
 *
 * @param from the sender address; its domain also ends every Message-ID
 * @param zipAbove attachments larger than this in all go out as one zip file
 * @param attempts how many times a message is tried before the run fails (the files stay)
 * @param retryDelay the wait before the second attempt, doubled for each one after
 * @param summaryRows how many of the busiest applications the body lists
 */
@ConfigurationProperties("delivery")
@Validated
public record DeliveryProperties(@DefaultValue("apm-reports@localhost") @NotNull @MailAddress String from,
		@DefaultValue("10MB") @NotNull DataSize zipAbove, @DefaultValue("3") @Min(1) int attempts,
		@DefaultValue("20s") @NotNull @DurationMin(nanos = 0) Duration retryDelay,
		@DefaultValue("10") @Min(0) int summaryRows) {

	/**
	 * Bean Validation has no constraint for a size; a negative one would zip every
	 * message, even one of no files.
	 */
	@AssertTrue(message = "must not be negative")
	boolean isZipAbove() {
		return zipAbove == null || !zipAbove.isNegative();
	}

	/**
	 * The domain of the sender address, for Message-IDs; a display name ("Ops
	 * <ops@example.com>") is no part of it.
	 */
	String domain() {
		try {
			String address = new InternetAddress(from, true).getAddress();
			return address.substring(address.lastIndexOf('@') + 1);
		}
		catch (AddressException ex) {
			throw new IllegalStateException("checked when the settings were bound", ex);
		}
	}

}
