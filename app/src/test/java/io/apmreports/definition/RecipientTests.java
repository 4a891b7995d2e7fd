package io.apmreports.definition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.apmreports.failure.UserFacingException;

class RecipientTests {

	@Test
	void anAddressWithADisplayNameIsTakenAndRecordedByItsAddress() {
		// when
		Recipient jane = Recipient.parse("Jane Doe <Jane@Example.com>");

		// then
		assertThat(jane.isEmail()).isTrue();
		assertThat(jane.key()).isEqualTo("jane@example.com");
		assertThat(jane).hasToString("Jane Doe <jane@example.com>");
	}

	@Test
	void chatChannelsAreNamedByTheirService() {
		assertThat(Recipient.parse("slack:ops-reports").channel()).isEqualTo(Recipient.Channel.SLACK);
		assertThat(Recipient.parse("Teams:Finance").key()).isEqualTo("teams:finance");
	}

	@Test
	void aListKeepsACommaInsideAQuotedDisplayName() {
		// given
		String text = Recipient.text(List.of(Recipient.parse("\"Doe, Jane\" <jane@example.com>"),
				Recipient.parse("ops@example.com"), Recipient.parse("slack:ops")));

		// when
		List<Recipient> read = Recipient.parseAll(text);

		// then
		assertThat(read).extracting(Recipient::key).containsExactly("jane@example.com", "ops@example.com", "slack:ops");
		assertThat(read.get(0).displayName()).isEqualTo("Doe, Jane");
	}

	@Test
	void whatIsNeitherIsOneLineQuotingIt() {
		assertThatThrownBy(() -> Recipient.parse("ops-at-example.com")).isInstanceOf(UserFacingException.class)
			.hasMessageStartingWith("'ops-at-example.com' is not an e-mail address");
		assertThatThrownBy(() -> Recipient.parse("slack:#ops"))
			.hasMessageStartingWith("'slack:#ops' does not name a Slack channel");
		assertThatThrownBy(() -> Recipient.parse("ops@example")).hasMessageContaining("is not an e-mail address");
	}

}
