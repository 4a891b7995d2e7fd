package io.apmreports.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNoException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import io.apmreports.failure.UserFacingException;

class SettingNamesTests {

	private final SettingNames names = SettingNames.load();

	@Test
	void aMisspeltSettingIsRefusedWithTheNearestName() {
		assertThatThrownBy(() -> names.check("report.ouput-dir")).isInstanceOf(UserFacingException.class)
			.hasMessage("unknown setting --report.ouput-dir: did you mean --report.output-dir? (the settings are "
					+ "listed in docs/configuration.md)");
		assertThatThrownBy(() -> names.check("spring.mail.hots"))
			.hasMessageContaining("did you mean --spring.mail.host?");
		assertThatThrownBy(() -> names.check("apm.nrql.graphql-ur")).hasMessageContaining("--apm.nrql.graphql-url?");
	}

	@Test
	void aNameFarFromEveryKnownOneGetsNoGuess() {
		assertThatThrownBy(() -> names.check("delivery.something-else-entirely"))
			.hasMessage("unknown setting --delivery.something-else-entirely (the settings are listed in "
					+ "docs/configuration.md)");
	}

	@Test
	void knownNamesMapKeysAndOtherPrefixesPass() {
		assertThatNoException().isThrownBy(() -> {
			names.check("report.output-dir");
			names.check("apm.retry.max-attempts");
			names.check("apm.account-names.1234567");
			names.check("delivery.slack-webhook-files.ops");
			names.check("spring.mail.properties.mail.smtp.auth");
			names.check("management.server.port");
			// the old name of report.data-dir, still read
			names.check("apm.data-dir");
			// Spring's own settings are Spring's to judge
			names.check("spring.profiles.active");
			names.check("logging.level.root");
			// the other forms Spring binds
			names.check("apm.accountId");
			names.check("apm.account-names[1234567]");
			names.check("spring.mail.properties[mail.smtp.timeout]");
			names.check("apm.datastore-types[0]");
			names.check("REPORT.OUTPUT-DIR");
		});
	}

	@Test
	void distanceCountsTheLettersToChange() {
		assertThat(SettingNames.distance("report.output-dir", "report.ouput-dir")).isEqualTo(1);
		assertThat(SettingNames.distance("host", "hots")).isEqualTo(2);
		assertThat(SettingNames.distance("", "abc")).isEqualTo(3);
	}

}
