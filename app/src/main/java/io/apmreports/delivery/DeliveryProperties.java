package io.apmreports.delivery;

import java.time.Duration;
import java.util.Map;

import jakarta.mail.internet.AddressException;
import jakarta.mail.internet.InternetAddress;
import jakarta.validation.constraints.AssertTrue;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import org.hibernate.validator.constraints.time.DurationMin;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.ConstructorBinding;
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
 * @param slackWebhookFiles for each Slack channel ({@code slack:NAME}), the file holding
 * its webhook URL, when it is not in {@code APM_SLACK_WEBHOOK_<NAME>}; text, not a path,
 * so that a URL pasted here by mistake is refused without being echoed, as a path it
 * could not be bound to would be
 * @param teamsWebhookFiles the same for Microsoft Teams channels ({@code teams:NAME})
 */
@ConfigurationProperties("delivery")
@Validated
public record DeliveryProperties(@DefaultValue("apm-reports@localhost") @NotNull @MailAddress String from,
		@DefaultValue("10MB") @NotNull DataSize zipAbove, @DefaultValue("3") @Min(1) int attempts,
		@DefaultValue("20s") @NotNull @DurationMin(nanos = 0) Duration retryDelay,
		@DefaultValue("10") @Min(0) int summaryRows, @DefaultValue Map<String, String> slackWebhookFiles,
		@DefaultValue Map<String, String> teamsWebhookFiles) {

	@ConstructorBinding
	public DeliveryProperties {
	}

	/** Settings without chat channels. */
	public DeliveryProperties(String from, DataSize zipAbove, int attempts, Duration retryDelay, int summaryRows) {
		this(from, zipAbove, attempts, retryDelay, summaryRows, Map.of(), Map.of());
	}

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
