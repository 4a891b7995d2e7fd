package io.apmreports.web;

import java.util.Set;
import java.util.TreeSet;

/**
 * Someone signed in to the console, or a machine holding a token: what they may do, and
 * whose runs they may see.
 *
 * @param name how they signed in
 * @param role what they may do
 * @param teams the teams whose runs, files and schedules they see
 * @param wholeAccount whether they also see the runs over the whole selection, of no team
 */
public record ConsoleUser(String name, Role role, Set<String> teams, boolean wholeAccount) {

	public ConsoleUser {
		teams = Set.copyOf(teams);
	}

	/**
	 * Whether the runs of this team ({@code null}: a run of the whole selection) are
	 * theirs to see; an admin sees every team's.
	 */
	public boolean sees(String team) {
		if (role == Role.ADMIN) {
			return true;
		}
		return team == null ? wholeAccount : teams.contains(team);
	}

	public boolean may(Role needed) {
		return role.includes(needed);
	}

	/** "checkout, storefront", or "every team" for an admin. */
	public String teamsText() {
		if (role == Role.ADMIN) {
			return "every team";
		}
		Set<String> named = new TreeSet<>(teams);
		String text = String.join(", ", named);
		return wholeAccount ? (text.isEmpty() ? "" : text + ", ") + "the whole account" : text;
	}

}
