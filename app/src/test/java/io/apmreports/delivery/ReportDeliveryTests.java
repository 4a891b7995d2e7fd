package io.apmreports.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import io.apmreports.definition.Recipient;
import io.apmreports.delivery.webhook.WebhookPoster;

class ReportDeliveryTests {

	private static final Recipient TEAMS = Recipient.parse("teams:finance");

	private static final Recipient SLACK = Recipient.parse("slack:ops");

	@Test
	void eachServiceSaysSuccessItsOwnWay() {
		// Slack: 200 ok; a Teams workflow: 202 and nothing; an old connector: 200 and 1
		assertThat(ReportDelivery.accepted(SLACK, new WebhookPoster.Answer(200, "ok", null))).isTrue();
		assertThat(ReportDelivery.accepted(TEAMS, new WebhookPoster.Answer(202, "", null))).isTrue();
		assertThat(ReportDelivery.accepted(TEAMS, new WebhookPoster.Answer(200, "1", null))).isTrue();
	}

	@Test
	void aFailureInASuccessfulAnswersBodyIsNoSuccess() {
		// an old Teams connector tells its failures in a 200's body; Slack's errors are
		// other bodies
		assertThat(ReportDelivery.accepted(TEAMS,
				new WebhookPoster.Answer(200, "Webhook message delivery failed with error: HTTP error 413", null)))
			.isFalse();
		assertThat(ReportDelivery.accepted(SLACK, new WebhookPoster.Answer(200, "invalid_payload", null))).isFalse();
	}

}
