package io.apmreports.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.apmreports.failure.UserFacingException;

class LaunchChoiceTests {

	@Test
	void aBlankTeamIsTheWholeSelectionAndBlankRecipientsAreLeftOut() {
		LaunchChoice choice = new LaunchChoice(" weekly-performance ", null, null, null, " ", false,
				Arrays.asList("Ops@Example.com", "", null));

		assertThat(choice.report()).isEqualTo("weekly-performance");
		assertThat(choice.range()).isEqualTo(RangeChoice.LAST_WEEK);
		assertThat(choice.team()).isNull();
		assertThat(choice.recipients()).containsExactly("ops@example.com");
	}

	@Test
	void aRecipientThatIsNoAddressIsRefusedInOneLineNamingIt() {
		assertThatThrownBy(() -> new LaunchChoice("weekly-performance", RangeChoice.LAST_WEEK, null, null, null, false,
				List.of("not an address")))
			.isInstanceOf(UserFacingException.class)
			.hasMessageStartingWith("recipients: 'not an address' is not an e-mail address");
	}

	@Test
	void aLaunchNamesItsReport() {
		assertThatThrownBy(() -> new LaunchChoice(" ", null, null, null, null, false, null))
			.isInstanceOf(UserFacingException.class)
			.hasMessage("name the report to launch");
	}

}
