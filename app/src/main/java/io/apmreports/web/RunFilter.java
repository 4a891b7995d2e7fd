package io.apmreports.web;

import java.time.LocalDate;
import java.util.Arrays;

import org.springframework.batch.core.BatchStatus;

import io.apmreports.failure.UserFacingException;
import io.apmreports.job.ReportRun;

/**
 * Which runs a list shows: each field left empty matches every run.
 *
 * @param report the report's name
 * @param team a team's name, or {@code -} for the runs of no team
 * @param account an account id
 * @param status a batch status, {@code COMPLETED}
 * @param since runs whose range starts on or after this day
 * @param until runs whose range ends on or before this day
 * @param page which page, from 0
 * @param size runs a page
 */
public record RunFilter(String report, String team, String account, String status, LocalDate since, LocalDate until,
		int page, int size) {

	/** No page shows more than this many runs. */
	static final int LARGEST_PAGE = 200;

	public RunFilter {
		if (status != null && !status.isBlank() && Arrays.stream(BatchStatus.values())
			.noneMatch(known -> known.name().equalsIgnoreCase(status.strip()))) {
			throw new UserFacingException("status '" + status + "' is none of "
					+ String.join(", ", Arrays.stream(BatchStatus.values()).map(BatchStatus::name).toList()));
		}
		page = Math.max(0, page);
		size = size < 1 ? 25 : Math.min(size, LARGEST_PAGE);
	}

	/** Every run, the first page. */
	public static RunFilter all() {
		return new RunFilter(null, null, null, null, null, null, 0, 25);
	}

	/** Whether a run of this status and these parameters is one the list shows. */
	boolean matches(BatchStatus runStatus, ReportRun run) {
		return (blank(report) || run.report().equals(report) || (run.report() + "/" + run.team()).equals(report))
				&& (blank(team) || (team.equals("-") ? run.team() == null : team.equals(run.team())))
				&& (blank(account) || run.accounts() != null
						&& run.accounts().ids().stream().anyMatch(id -> String.valueOf(id).equals(account.strip())))
				&& (blank(status) || runStatus.name().equalsIgnoreCase(status.strip()))
				&& (since == null || !run.range().from().toLocalDate().isBefore(since))
				&& (until == null || !run.range().to().toLocalDate().isAfter(until));
	}

	private static boolean blank(String text) {
		return text == null || text.isBlank();
	}

}
