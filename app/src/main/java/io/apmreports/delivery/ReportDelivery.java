package io.apmreports.delivery;

import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import io.apmreports.definition.Recipient;

import io.apmreports.delivery.slack.SlackMessage;
import io.apmreports.delivery.teams.TeamsCard;
import io.apmreports.delivery.webhook.WebhookException;
import io.apmreports.delivery.webhook.WebhookPoster;
import io.apmreports.delivery.webhook.WebhookUrls;
import io.apmreports.report.digest.RunDigest;

/**
 * Delivers a report to one recipient by its channel: an e-mail through
 * {@link ReportMailer}, a Slack or Microsoft Teams message through the channel's webhook.
 * Each answers an id that is the same for the same report, range and recipient.
 */
@Component
public class ReportDelivery {

	private static final Logger log = LoggerFactory.getLogger(ReportDelivery.class);

	private final ReportMailer mailer;

	private final WebhookUrls webhooks;

	private final WebhookPoster poster;

	private final MeterRegistry metrics;

	ReportDelivery(ReportMailer mailer, DeliveryProperties properties, MeterRegistry metrics) {
		this.mailer = mailer;
		this.metrics = metrics;
		// the environment is read here alone, as the API key's is
		this.webhooks = new WebhookUrls(System.getenv(), properties.slackWebhookFiles(),
				properties.teamsWebhookFiles());
		this.poster = new WebhookPoster(properties.attempts(), properties.retryDelay());
	}

	/**
	 * Refuses, in one line and before anything runs, recipients that cannot be reached:
	 * e-mail without a mail server, a chat channel without its webhook or behind a proxy
	 * setting that is refused.
	 */
	public void check(List<Recipient> recipients) {
		if (recipients.stream().anyMatch(Recipient::isEmail)) {
			mailer.checkConfigured();
		}
		recipients.stream().filter(recipient -> !recipient.isEmail()).forEach(webhooks::of);
		if (recipients.stream().anyMatch(recipient -> !recipient.isEmail())) {
			poster.check();
		}
	}

	/** Sends the report to one recipient; answers the message's id. */
	public String send(RunDigest email, Recipient recipient) {
		return counted("report", recipient, () -> sent(email, recipient));
	}

	private String sent(RunDigest email, Recipient recipient) {
		if (recipient.isEmail()) {
			return mailer.send(email, recipient.toString());
		}
		String json = switch (recipient.channel()) {
			case SLACK -> SlackMessage.json(email);
			case TEAMS -> TeamsCard.json(email);
			case EMAIL -> throw new IllegalStateException("sent above");
		};
		post(recipient, json);
		String id = mailer.messageId(email, recipient.key());
		log.info("Posted {} to {} as {}", email.report(), recipient.key(), id);
		return id;
	}

	/**
	 * Sends a short notice (a failed scheduled run) to one recipient: a plain-text
	 * e-mail, or a chat message; answers its id, derived from {@code identity}.
	 */
	public String notice(String identity, String title, String text, Recipient recipient) {
		return counted("notice", recipient, () -> noticed(identity, title, text, recipient));
	}

	private String noticed(String identity, String title, String text, Recipient recipient) {
		if (recipient.isEmail()) {
			return mailer.sendText(identity, title, text, recipient.toString());
		}
		post(recipient, recipient.channel() == Recipient.Channel.SLACK ? SlackMessage.notice(title, text)
				: TeamsCard.notice(title, text));
		return recipient.key() + ":" + Digests.sha256Hex(identity, 16);
	}

	/**
	 * Counts a delivery by channel and outcome, for the scheduler's metrics: a failure is
	 * counted, and still thrown.
	 */
	private String counted(String what, Recipient recipient, Supplier<String> delivery) {
		String outcome = "failed";
		try {
			String id = delivery.get();
			outcome = "sent";
			return id;
		}
		finally {
			Counter.builder("apm.reports.deliveries")
				.description("Reports and failure notices delivered, by channel and outcome")
				.tags("channel", recipient.channel().name().toLowerCase(Locale.ROOT), "message", what, "outcome",
						outcome)
				.register(metrics)
				.increment();
		}
	}

	private void post(Recipient recipient, String json) {
		try {
			poster.post(recipient, webhooks.of(recipient), json, answer -> accepted(recipient, answer));
		}
		catch (WebhookException ex) {
			throw new DeliveryException(ex.getMessage(), null);
		}
	}

	/**
	 * Slack answers 200 and {@code ok}. Teams takes any 2xx: a workflow answers 202, with
	 * nothing or a word such as {@code ok}, an old connector 200 with {@code 1}; but an
	 * old connector also answers 200 with its failure in the body ("Webhook message
	 * delivery failed with error: ... 413"), which is no success.
	 */
	static boolean accepted(Recipient channel, WebhookPoster.Answer answer) {
		if (channel.channel() == Recipient.Channel.SLACK) {
			return answer.status() == 200 && "ok".equals(answer.body());
		}
		return answer.status() >= 200 && answer.status() < 300
				&& !answer.body().toLowerCase(Locale.ROOT).contains("delivery failed");
	}

}
