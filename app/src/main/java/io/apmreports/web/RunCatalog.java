package io.apmreports.web;

import java.util.List;

import org.springframework.stereotype.Component;

import io.apmreports.failure.UserFacingException;
import io.apmreports.run.ReportRuns;
import io.apmreports.run.ReportRuns.RunSummary;

/**
 * The runs of the job repository as a console user may see them: only their teams' (every
 * team's for an admin), and a run of another team is told as no run at all.
 */
@Component
public class RunCatalog {

	/** How many of the latest runs a list looks through. */
	private static final int LOOKED_THROUGH = 2000;

	private final ReportRuns runs;

	RunCatalog(ReportRuns runs) {
		this.runs = runs;
	}

	/**
	 * A page of runs, newest first.
	 *
	 * @param runs the page's runs
	 * @param page which page, from 0
	 * @param more whether a later page has runs
	 */
	public record Page(List<RunSummary> runs, int page, boolean more) {
	}

	public Page runs(ConsoleUser user, RunFilter filter) {
		List<RunSummary> matching = runs.recent(LOOKED_THROUGH,
				(status, run) -> user.sees(run.team()) && filter.matches(status, run),
				(long) filter.page() * filter.size(), filter.size() + 1);
		boolean more = matching.size() > filter.size();
		return new Page(more ? matching.subList(0, filter.size()) : matching, filter.page(), more);
	}

	/** The run, if it is one this user may see. */
	public RunSummary run(ConsoleUser user, long executionId) {
		RunSummary run;
		try {
			run = runs.show(executionId);
		}
		catch (UserFacingException ex) {
			throw new NoSuchRun(executionId);
		}
		if (!user.sees(run.team())) {
			throw new NoSuchRun(executionId);
		}
		return run;
	}

}
