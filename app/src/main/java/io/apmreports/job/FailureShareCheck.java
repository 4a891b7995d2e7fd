package io.apmreports.job;

import java.util.Locale;

import org.springframework.batch.core.scope.context.ChunkContext;
import org.springframework.batch.core.step.StepContribution;
import org.springframework.batch.core.step.tasklet.Tasklet;
import org.springframework.batch.infrastructure.repeat.RepeatStatus;

import io.apmreports.definition.ApplicationFilter;
import io.apmreports.failure.LastingException;
import io.apmreports.failure.UserFacingException;
import io.apmreports.staging.CurrentFigures;

/**
 * Fails the run before any file is written when more than the allowed share of
 * applications failed: a report with that many holes is worse than none. Launching the
 * run again tries the failed applications once more.
 */
class FailureShareCheck implements Tasklet {

	private final CurrentFigures figures;

	private final double maxFailedShare;

	private final String report;

	private final String team;

	private final ApplicationFilter selection;

	FailureShareCheck(CurrentFigures figures, double maxFailedShare, String report, String team,
			ApplicationFilter selection) {
		this.team = team;
		this.figures = figures;
		this.maxFailedShare = maxFailedShare;
		this.report = report;
		this.selection = selection;
	}

	@Override
	public RepeatStatus execute(StepContribution contribution, ChunkContext chunkContext) {
		long instanceId = chunkContext.getStepContext().getJobInstanceId();
		CurrentFigures.FailureCount count = figures.countFailures(instanceId);
		if (count.total() == 0 && count.gone() == 0) {
			// a selection, account or URL that lists nothing lists nothing on a retry
			// either
			throw new LastingException(nothingSelected(report, team, selection));
		}
		if (count.total() == 0 && count.gone() > 0) {
			// no account loses every application in a week: this is a wrong URL, account
			// or routing, not deletions
			throw new UserFacingException("all " + count.gone() + " applications answered 404, so no report was "
					+ "written: check apm.base-url and the key's account, then launch again with --force");
		}
		if (tooMany(count.failed(), count.total(), maxFailedShare)) {
			throw new UserFacingException(String.format(Locale.ROOT,
					"%d of %d applications failed (%.0f%%, more than report.max-failed-share %.0f%%), so no report was"
							+ " written; launch the run again to retry them. First failure: %s",
					count.failed(), count.total(), 100.0 * count.failed() / count.total(), 100 * maxFailedShare,
					count.example()));
		}
		return RepeatStatus.FINISHED;
	}

	/**
	 * Why a run that listed no application writes no report: its selection, or the
	 * account itself, holds none.
	 */
	static String nothingSelected(String report, String team, ApplicationFilter selection) {
		if (selection.selectsAll()) {
			return "the account has no applications, so no report was written: check apm.base-url (or "
					+ "apm.account-id) and the key's account, then launch again with --force";
		}
		return "report " + report + (team == null ? "" : " of team " + team) + " selects no application: its "
				+ "applications (" + selection.describe() + ") matched none of the account's, so no report was "
				+ "written; correct them in the " + (team == null ? "definition" : "team's schedule")
				+ ", then launch again with --force";
	}

	/**
	 * Whether more than the allowed share failed; exactly the share is still a report.
	 */
	static boolean tooMany(long failed, long total, double maxFailedShare) {
		return total > 0 && (double) failed / total > maxFailedShare;
	}

}
