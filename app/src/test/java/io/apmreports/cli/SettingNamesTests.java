package io.apmreports.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNoException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.context.annotation.ClassPathScanningCandidateComponentProvider;
import org.springframework.core.type.filter.AnnotationTypeFilter;

import io.apmreports.failure.UserFacingException;

class SettingNamesTests {

	private final SettingNames names = SettingNames.load();

	@Test
	void theRecordsCheckedBeforeSpringAreEveryOneTheContextBinds() {
		// given every settings record the context's scan finds
		List<String> scanned = settingsRecords();

		// then the checks before Spring bind the same ones, from the build's list
		assertThat(names.records()).extracting(Class::getName).containsExactlyInAnyOrderElementsOf(scanned);
	}

	@Test
	void eachPrefixIsBoundByOneRecord() throws ClassNotFoundException {
		// given every settings record the context binds
		List<String> prefixes = new ArrayList<>();
		for (String record : settingsRecords()) {
			prefixes.add(StandaloneSettings.prefix(Class.forName(record)));
		}

		// then no two share a prefix
		assertThat(prefixes).isNotEmpty().doesNotHaveDuplicates();
	}

	private static List<String> settingsRecords() {
		ClassPathScanningCandidateComponentProvider scan = new ClassPathScanningCandidateComponentProvider(false);
		scan.addIncludeFilter(new AnnotationTypeFilter(ConfigurationProperties.class));
		return scan.findCandidateComponents("io.apmreports").stream().map(BeanDefinition::getBeanClassName).toList();
	}

	@Test
	void aMisspeltSettingIsRefusedWithTheNearestName() {
		assertThatThrownBy(() -> names.check("report.ouput-dir")).isInstanceOf(UserFacingException.class)
			.hasMessage("unknown setting --report.ouput-dir: did you mean --report.output-dir? (the settings are "
					+ "listed in docs/configuration.md)");
		assertThatThrownBy(() -> names.check("spring.mail.hots"))
			.hasMessageContaining("did you mean --spring.mail.host?");
		assertThatThrownBy(() -> names.check("apm.nrql.graphql-ur")).hasMessageContaining("--apm.nrql.graphql-url?");
		// the console's users file misspelt would leave the console unserved, for no said
		// reason
		assertThatThrownBy(() -> names.check("console.user-file"))
			.hasMessageContaining("did you mean --console.users-file?");
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
			names.check("console.login-delay");
			names.check("console.oidc.teams.apm-checkout");
			names.check("console.oidc.whole-account-groups[0]");
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
