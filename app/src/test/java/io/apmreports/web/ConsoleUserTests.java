package io.apmreports.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;

import org.junit.jupiter.api.Test;

/** Whose runs a console user sees, and what they may do. */
class ConsoleUserTests {

	@Test
	void aTeamMemberSeesTheirTeamsRunsOnly() {
		ConsoleUser ana = new ConsoleUser("ana", Role.LAUNCHER, Set.of("checkout"), false);

		assertThat(ana.sees("checkout")).isTrue();
		assertThat(ana.sees("storefront")).isFalse();
		assertThat(ana.sees(null)).isFalse();
	}

	@Test
	void theWholeAccountsRunsAreSeenOnlyWhenGiven() {
		ConsoleUser finance = new ConsoleUser("fin", Role.VIEWER, Set.of(), true);

		assertThat(finance.sees(null)).isTrue();
		assertThat(finance.sees("checkout")).isFalse();
		assertThat(finance.teamsText()).isEqualTo("the whole account");
	}

	@Test
	void anAdminSeesEveryTeamAndMayDoAll() {
		ConsoleUser admin = new ConsoleUser("ada", Role.ADMIN, Set.of(), false);

		assertThat(admin.sees("storefront")).isTrue();
		assertThat(admin.sees(null)).isTrue();
		assertThat(admin.may(Role.LAUNCHER)).isTrue();
		assertThat(admin.teamsText()).isEqualTo("every team");
	}

	@Test
	void aViewerMayNotLaunch() {
		ConsoleUser viewer = new ConsoleUser("vi", Role.VIEWER, Set.of("checkout", "storefront"), true);

		assertThat(viewer.may(Role.VIEWER)).isTrue();
		assertThat(viewer.may(Role.LAUNCHER)).isFalse();
		assertThat(viewer.teamsText()).isEqualTo("checkout, storefront, the whole account");
	}

}
