package io.apmreports.web;

import java.util.ArrayList;
import java.util.List;

import io.apmreports.definition.Recipient;
import io.apmreports.failure.UserFacingException;

/**
 * What a user chose to launch, as a form or the API gives it.
 *
 * @param report the report's name
 * @param range last week, last month, or custom with {@code from} and {@code to}
 * @param from a custom range's start: a date (midnight in the report's zone) or an ISO
 * 8601 time with an offset
 * @param to a custom range's end, excluded
 * @param team a team's share of the report, or {@code null} (or blank) for the report's
 * whole selection
 * @param force run it again even if this report and range completed before
 * @param recipients who gets the report once it completes; none to only write its files
 * @param accounts which of the accounts the console reads the run reads; none for all
 */
public record LaunchChoice(String report, RangeChoice range, String from, String to, String team, boolean force,
		List<String> recipients, List<Long> accounts) {

	public LaunchChoice {
		if (report == null || report.isBlank()) {
			throw new UserFacingException("name the report to launch");
		}
		report = report.strip();
		range = range == null ? RangeChoice.LAST_WEEK : range;
		team = team == null || team.isBlank() ? null : team.strip();
		recipients = checked(recipients == null ? List.of() : recipients);
		accounts = accounts == null ? List.of() : List.copyOf(accounts);
	}

	/** A choice of every account the console reads. */
	public LaunchChoice(String report, RangeChoice range, String from, String to, String team, boolean force,
			List<String> recipients) {
		this(report, range, from, to, team, force, recipients, List.of());
	}

	/**
	 * Each recipient checked, in one line naming it; blank ones (an empty form field)
	 * left out.
	 */
	static List<String> checked(List<String> given) {
		List<String> checked = new ArrayList<>();
		for (String recipient : given) {
			if (recipient == null || recipient.isBlank()) {
				continue;
			}
			try {
				checked.add(Recipient.parse(recipient.strip()).toString());
			}
			catch (UserFacingException ex) {
				throw new UserFacingException("recipients: " + ex.getMessage());
			}
		}
		return List.copyOf(checked);
	}

}
