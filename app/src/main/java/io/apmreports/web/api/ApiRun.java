package io.apmreports.web.api;

import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.util.List;

import io.apmreports.run.ReportRuns.RunSummary;

/**
 * A run as the API tells it: its files by name and download link, never by where they lie
 * on the server.
 *
 * @param id the run's id
 * @param report the report, and {@code /team} for a team's share
 * @param team the team, or {@code null} for the whole selection
 * @param from range start
 * @param to range end
 * @param status its batch status
 * @param source {@code demo}, or the service's host
 * @param account the account it read
 * @param started when it started
 * @param ended when it ended, {@code null} while it goes on
 * @param files its files
 * @param delivery how many recipients had it ("sent 1/2"), empty for a run that only
 * wrote files
 * @param recipients who the run sends to
 * @param failure why it failed, in one line; else empty
 * @param continuedAs the id of the attempt that continued it, or {@code null}
 */
record ApiRun(long id, String report, String team, String from, String to, String status, String source, String account,
		ZonedDateTime started, ZonedDateTime ended, List<File> files, String delivery, List<String> recipients,
		String failure, Long continuedAs) {

	/**
	 * A file of the run.
	 *
	 * @param name its name
	 * @param href where to download it
	 */
	record File(String name, String href) {
	}

	static ApiRun of(RunSummary run) {
		List<File> files = run.files()
			.stream()
			.map(Path::getFileName)
			.map(Path::toString)
			.map(name -> new File(name, "/api/runs/" + run.executionId() + "/files/" + name))
			.toList();
		return new ApiRun(run.executionId(), run.report(), run.team(), run.from(), run.to(), run.status(), run.source(),
				run.accountText(), run.started(), run.ended(), files, run.email(), run.recipients(), run.failure(),
				run.continuedAs() == null ? null : run.continuedAs().executionId());
	}

	/**
	 * A page of runs, newest first.
	 *
	 * @param runs the page's runs
	 * @param page which page, from 0
	 * @param more whether a later page has runs
	 */
	record Page(List<ApiRun> runs, int page, boolean more) {
	}

}
