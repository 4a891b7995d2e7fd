package io.apmreports.web;

import java.util.Locale;

import io.apmreports.failure.UserFacingException;

/**
 * What a console user may do: each role may do what the one before it may.
 */
public enum Role {

	/** Sees runs, schedules and files of their teams, and downloads. */
	VIEWER,

	/** Also launches runs, previews and resends them. */
	LAUNCHER,

	/** Also restarts and abandons runs, and sees every team's. */
	ADMIN;

	/** Whether this role may do what {@code needed} may. */
	public boolean includes(Role needed) {
		return compareTo(needed) >= 0;
	}

	/** The authority Spring Security checks, {@code ROLE_LAUNCHER}. */
	public String authority() {
		return "ROLE_" + name();
	}

	/** The role a file names, {@code viewer}, {@code launcher} or {@code admin}. */
	public static Role parse(String text, String where) {
		if (text != null) {
			for (Role role : values()) {
				if (role.name().equalsIgnoreCase(text.strip())) {
					return role;
				}
			}
		}
		throw new UserFacingException(where + " '" + text + "' is no role: viewer, launcher or admin");
	}

	/** {@code launcher}, as files and pages name it. */
	public String word() {
		return name().toLowerCase(Locale.ROOT);
	}

}
