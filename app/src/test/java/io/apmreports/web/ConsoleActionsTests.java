package io.apmreports.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

/**
 * The checks every action makes before it touches anything: a role too low or a team not
 * the user's is refused before any run is looked at.
 */
class ConsoleActionsTests {

	private final ConsoleActions actions = new ConsoleActions(null, null, null, null, null, null, null, null, null,
			null);

	private static final LaunchChoice CHECKOUT = new LaunchChoice("weekly-performance", RangeChoice.LAST_WEEK, null,
			null, "checkout", false, List.of());

	@Test
	void aViewerIsRefusedEveryActionButLooking() {
		ConsoleUser viewer = new ConsoleUser("vera", Role.VIEWER, Set.of("checkout"), false);

		assertThatThrownBy(() -> actions.launch(viewer, CHECKOUT)).isInstanceOf(NotAllowed.class)
			.hasMessage("launching a report needs the role launcher; vera is a viewer");
		assertThatThrownBy(() -> actions.deliver(viewer, 1, List.of())).isInstanceOf(NotAllowed.class);
		assertThatThrownBy(() -> actions.preview(viewer, 1, null)).isInstanceOf(NotAllowed.class);
	}

	@Test
	void aLauncherIsRefusedRestartAndAbandon() {
		ConsoleUser launcher = new ConsoleUser("lena", Role.LAUNCHER, Set.of("checkout"), false);

		assertThatThrownBy(() -> actions.restart(launcher, 1)).isInstanceOf(NotAllowed.class)
			.hasMessage("restarting a run needs the role admin; lena is a launcher");
		assertThatThrownBy(() -> actions.abandon(launcher, 1)).isInstanceOf(NotAllowed.class)
			.hasMessage("abandoning a run needs the role admin; lena is a launcher");
	}

	@Test
	void aLauncherLaunchesOnlyForTheirTeams() {
		ConsoleUser storefront = new ConsoleUser("sam", Role.LAUNCHER, Set.of("storefront"), false);
		LaunchChoice whole = new LaunchChoice("weekly-performance", null, null, null, null, false, List.of());

		assertThatThrownBy(() -> actions.launch(storefront, CHECKOUT)).isInstanceOf(NotAllowed.class)
			.hasMessage("sam may not launch reports for team checkout");
		assertThatThrownBy(() -> actions.launch(storefront, whole)).isInstanceOf(NotAllowed.class)
			.hasMessage("sam may not launch reports for the whole selection");
	}

	@Test
	void aLaunchIsSaidWithItsTeamRangeAndRecipients() {
		LaunchChoice choice = new LaunchChoice("weekly-performance", null, null, null, "checkout", false,
				List.of("lead@example.com"));

		assertThat(ConsoleActions.what(choice, "Mon 9 Nov to Sun 15 Nov 2026, Europe/Berlin"))
			.isEqualTo("report weekly-performance of team checkout for Mon 9 Nov to Sun 15 Nov 2026, "
					+ "Europe/Berlin, to lead@example.com");
	}

}
