package io.apmreports.history;

import java.util.Objects;

import io.apmreports.source.Accounts;

/**
 * Whose history a row is: one report as one selection reads it. A team's share and the
 * whole report, two sets of accounts, or the demo and a real service never share a
 * course.
 *
 * @param report the report's name
 * @param source the service read: its base URL, or {@code demo}
 * @param accounts the accounts read, as {@link Accounts#key()} writes them
 * @param team the team whose share it is, or {@code ""} for the whole report
 */
public record HistoryKey(String report, String source, String accounts, String team) {

	public HistoryKey {
		Objects.requireNonNull(report, "report");
		Objects.requireNonNull(source, "source");
		Objects.requireNonNull(accounts, "accounts");
		team = team == null ? "" : team;
	}

	/** The key of a run of {@code report} over {@code accounts}, for a team or not. */
	public static HistoryKey of(String report, String source, Accounts accounts, String team) {
		return new HistoryKey(report, source, accounts.key(), team);
	}

}
