package io.apmreports.run;

import java.nio.file.Path;
import java.util.List;

import io.apmreports.definition.ScheduleTeam;
import io.apmreports.definition.SendWhen;

/**
 * What a user or a schedule asked to run: a report, its range, optionally an output
 * directory, and whether to run a completed report and range again.
 *
 * @param report the report's name
 * @param range the range asked for
 * @param outputDir where the files go, or {@code null} for {@code report.output-dir}
 * @param force run again even if this report and range completed before
 * @param recipients who gets the report by e-mail; none to only write the files
 * @param team the team whose share of the report this is, or {@code null} for the whole
 * report
 * @param sendWhen when the run delivers: always, or only when its figures call for it
 * @param accounts which of the accounts this process reads ({@code apm.account-id}) the
 * run reads; none for every one of them
 */
public record ReportRequest(String report, RequestedRange range, Path outputDir, boolean force, List<String> recipients,
		ScheduleTeam team, SendWhen sendWhen, List<Long> accounts) {

	public ReportRequest {
		recipients = List.copyOf(recipients);
		accounts = List.copyOf(accounts);
	}

	/** A request for every account this process reads. */
	public ReportRequest(String report, RequestedRange range, Path outputDir, boolean force, List<String> recipients,
			ScheduleTeam team, SendWhen sendWhen) {
		this(report, range, outputDir, force, recipients, team, sendWhen, List.of());
	}

	/** A request that always delivers. */
	public ReportRequest(String report, RequestedRange range, Path outputDir, boolean force, List<String> recipients,
			ScheduleTeam team) {
		this(report, range, outputDir, force, recipients, team, SendWhen.ALWAYS);
	}

	/** A request for the whole report. */
	public ReportRequest(String report, RequestedRange range, Path outputDir, boolean force, List<String> recipients) {
		this(report, range, outputDir, force, recipients, null);
	}

	/** A request that writes files and sends nothing. */
	public ReportRequest(String report, RequestedRange range, Path outputDir, boolean force) {
		this(report, range, outputDir, force, List.of());
	}

}
