package io.apmreports.web.page;

import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;

import org.springframework.format.annotation.DateTimeFormat;

import io.apmreports.web.ConsoleActions;
import io.apmreports.web.LaunchChoice;
import io.apmreports.web.RangeChoice;

/**
 * The launch form as posted, or as the page fills it in at first.
 *
 * @param report the report's name
 * @param range {@code last-week}, {@code last-month} or {@code custom}
 * @param from the first day of a custom range, in the report's zone
 * @param last the last day of a custom range, included
 * @param team a team's name, or {@code -} for the whole selection
 * @param recipients e-mail addresses, {@code slack:NAME} and {@code teams:NAME},
 * separated by commas or lines
 * @param force whether to run again a report and range that completed before
 * @param accounts the accounts ticked, by id; none for every account the console reads
 */
record LaunchForm(String report, String range, @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) LocalDate from,
		@DateTimeFormat(iso = DateTimeFormat.ISO.DATE) LocalDate last, String team, String recipients, Boolean force,
		List<Long> accounts) {

	LaunchForm {
		accounts = accounts == null ? List.of() : List.copyOf(accounts);
	}

	/** Whether the form reads this account: those ticked, or every one where none is. */
	public boolean reads(long account) {
		return accounts.isEmpty() || accounts.contains(account);
	}

	/** Whether the form asks to run again; a form without the box leaves it out. */
	public boolean forced() {
		return Boolean.TRUE.equals(force);
	}

	/**
	 * What to launch, as {@link ConsoleActions} takes it: the last day made the end it
	 * excludes, and recipients only when {@code send}.
	 */
	LaunchChoice choice(boolean send) {
		return new LaunchChoice(report, RangeChoice.parse(range), from == null ? null : from.toString(), end(),
				teamOrNull(), forced(), send ? recipientList() : List.of(), accounts);
	}

	/** The end of a custom range: midnight after its last day. */
	String end() {
		return last == null ? null : last.plusDays(1).toString();
	}

	/** The team a run is of: {@code null} for the whole selection. */
	String teamOrNull() {
		return team == null || team.isBlank() || team.equals(WHOLE) ? null : team;
	}

	/** The team field's value for the whole selection, as the runs filter writes it. */
	static final String WHOLE = "-";

	/** Each recipient once, in the order given. */
	List<String> recipientList() {
		return recipients(recipients);
	}

	/** Recipients as a form field gives them: separated by commas or lines. */
	static List<String> recipients(String text) {
		if (text == null) {
			return List.of();
		}
		// not by spaces: "Jane Doe <jane@example.com>" is one recipient
		return Arrays.stream(text.split("[,;\\r\\n]+"))
			.map(String::strip)
			.filter(one -> !one.isEmpty())
			.distinct()
			.toList();
	}

	/** The same form with the report, range and team the page chose where none was. */
	LaunchForm orDefaults(String firstReport, String firstTeam) {
		return new LaunchForm(report == null || report.isBlank() ? firstReport : report,
				range == null || range.isBlank() ? "last-week" : range, from, last,
				team == null || team.isBlank() ? firstTeam : team, recipients, force, accounts);
	}

}
