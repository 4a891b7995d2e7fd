package io.apmreports.delivery;

import java.time.Duration;

import jakarta.mail.internet.AddressException;
import jakarta.mail.internet.InternetAddress;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

import io.apmreports.UserFacingException;

/**
 * Settings of e-mail delivery ({@code delivery.*}); the SMTP server itself is {@code spring.mail.*}.
 *
 * @param from the sender address; its domain also ends every Message-ID
 * @param zipAbove attachments larger than this in all go out as one zip file
 * @param attempts how many times a message is tried before the run fails (the files stay)
 * @param retryDelay the wait before the second attempt, doubled for each one after
 * @param summaryRows how many applications the summary table in the body lists
 */
@ConfigurationProperties("delivery")
public record DeliveryProperties(@DefaultValue("apm-reports@localhost") String from,
		@DefaultValue("10MB") DataSize zipAbove, @DefaultValue("3") int attempts,
		@DefaultValue("20s") Duration retryDelay, @DefaultValue("10") int summaryRows) {

	public DeliveryProperties {
		try {
			new InternetAddress(from, true);
		}
		catch (AddressException ex) {
			throw new UserFacingException("delivery.from '" + from + "' is not an e-mail address");
		}
		if (attempts < 1) {
			throw new UserFacingException("delivery.attempts must be at least 1, not " + attempts);
		}
		if (retryDelay.isNegative()) {
			throw new UserFacingException("delivery.retry-delay must not be negative, not " + retryDelay);
		}
		if (summaryRows < 0) {
			throw new UserFacingException("delivery.summary-rows must not be negative, not " + summaryRows);
		}
	}

	/** The domain of the sender address, for Message-IDs; a display name ("Ops <ops@example.com>") is no part of it. */
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
