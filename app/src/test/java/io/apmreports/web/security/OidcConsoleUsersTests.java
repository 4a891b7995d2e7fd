package io.apmreports.web.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import io.apmreports.web.ConsoleProperties;
import io.apmreports.web.ConsoleUser;
import io.apmreports.web.Role;

/**
 * What an identity provider's groups make a person in the console (console.oidc.*).
 */
class OidcConsoleUsersTests {

	private static final ConsoleProperties.Oidc GROUPS = new ConsoleProperties.Oidc("groups",
			Map.of("apm-checkout", "checkout", "apm-storefront", "storefront"),
			Map.of("apm-launchers", Role.LAUNCHER, "apm-admins", Role.ADMIN, "apm-viewers", Role.VIEWER),
			List.of("finance"));

	@Test
	void eachMappedGroupGivesItsTeamAndTheHighestRoleCounts() {
		ConsoleUser user = OidcConsoleUsers.consoleUser("ana",
				List.of("staff", "apm-admins", "apm-checkout", "apm-launchers", "apm-storefront", "apm-viewers"),
				GROUPS);

		assertThat(user).isEqualTo(new ConsoleUser("ana", Role.ADMIN, Set.of("checkout", "storefront"), false));
	}

	@Test
	void aPersonOfNoMappedGroupIsAViewerOfNoTeam() {
		ConsoleUser user = OidcConsoleUsers.consoleUser("bo", List.of("staff"), GROUPS);

		assertThat(user).isEqualTo(new ConsoleUser("bo", Role.VIEWER, Set.of(), false));
		assertThat(user.sees("checkout")).isFalse();
		assertThat(user.sees(null)).isFalse();
	}

	@Test
	void aWholeAccountGroupShowsTheRunsOfNoTeam() {
		ConsoleUser user = OidcConsoleUsers.consoleUser("fin", List.of("finance"), GROUPS);

		assertThat(user.wholeAccount()).isTrue();
		assertThat(user.sees(null)).isTrue();
		assertThat(user.sees("checkout")).isFalse();
	}

	@Test
	void theGroupsClaimIsAListOrOneText() {
		assertThat(OidcConsoleUsers.groups(List.of("a", "b"))).containsExactly("a", "b");
		assertThat(OidcConsoleUsers.groups("a, b c")).containsExactly("a", "b", "c");
		assertThat(OidcConsoleUsers.groups(null)).isEmpty();
	}

}
