package io.apmreports.web;

import java.time.Clock;
import java.util.List;
import java.util.Optional;

import org.springframework.stereotype.Component;

import io.apmreports.definition.ReportDefinition;
import io.apmreports.definition.ReportDefinitions;
import io.apmreports.definition.SendWhen;
import io.apmreports.failure.RunFailedException;
import io.apmreports.failure.UserFacingException;
import io.apmreports.range.TimeRange;
import io.apmreports.run.CompletedRunDelivery;
import io.apmreports.run.ReportLauncher;
import io.apmreports.run.ReportOutcome;
import io.apmreports.run.ReportRequest;
import io.apmreports.run.ReportRuns;
import io.apmreports.run.ReportRuns.RunSummary;
import io.apmreports.run.RequestedRange;
import io.apmreports.schedule.Schedules;
import io.apmreports.web.ActionLog.Kind;

/**
 * What a console user may do to reports and runs, for the pages and the API alike:
 * launch, preview, resend, restart, abandon. Each checks the user's role and that the run
 * (or the team launched for) is theirs to see, and each launch, resend, restart and
 * abandon is recorded in the {@link ActionLog}.
 */
@Component
public class ConsoleActions {

	private final ReportLauncher launcher;

	private final RunCatalog catalog;

	private final ReportRuns runs;

	private final CompletedRunDelivery delivery;

	private final ReportDefinitions definitions;

	private final Schedules schedules;

	private final Clock clock;

	private final ActionLog actions;

	private final MessagePreviews previews;

	private final LaunchThreads threads;

	ConsoleActions(ReportLauncher launcher, RunCatalog catalog, ReportRuns runs, CompletedRunDelivery delivery,
			ReportDefinitions definitions, Schedules schedules, Clock clock, ActionLog actions,
			MessagePreviews previews, LaunchThreads threads) {
		this.launcher = launcher;
		this.catalog = catalog;
		this.runs = runs;
		this.delivery = delivery;
		this.definitions = definitions;
		this.schedules = schedules;
		this.clock = clock;
		this.actions = actions;
		this.previews = previews;
		this.threads = threads;
	}

	/** The reports there are to launch, by name. */
	public List<String> reports() {
		return definitions.names();
	}

	/**
	 * The range a launch form's choice means, in words, before anything runs: "Mon 16 Nov
	 * to Sun 22 Nov 2026, Europe/Berlin".
	 */
	public String rangeInWords(String report, RangeChoice range, String from, String to) {
		ReportDefinition definition = definition(report);
		return range.range(definition, from, to, clock).describe(definition.timeZone());
	}

	/**
	 * Launches a report, or answers with the run that completed its range before unless
	 * {@code force} is asked; answers as soon as the run has an id, while it goes on.
	 */
	public LaunchAnswer launch(ConsoleUser user, LaunchChoice choice) {
		require(user, Role.LAUNCHER, "launching a report");
		if (!user.sees(choice.team())) {
			throw new NotAllowed(user.name() + " may not launch reports for "
					+ (choice.team() == null ? "the whole selection" : "team " + choice.team()));
		}
		ReportDefinition definition = definition(choice.report());
		TimeRange range = choice.range().range(definition, choice.from(), choice.to(), clock);
		ReportRequest request = new ReportRequest(choice.report(), RequestedRange.of(range), null, choice.force(),
				choice.recipients(), choice.team() == null ? null : schedules.teamOf(choice.report(), choice.team()),
				SendWhen.ALWAYS, choice.accounts());
		String what = what(choice, range.describe(definition.timeZone()));
		if (!choice.force()) {
			Optional<Long> existing = launcher.completedBefore(request);
			if (existing.isPresent()) {
				return new LaunchAnswer(LaunchAnswer.Status.EXISTING, existing.get(),
						what + " completed before in run " + existing.get() + "; launch it with force to run it again");
			}
		}
		return threads.start(what, started -> launcher.launch(request, started),
				id -> actions.record(id, Kind.LAUNCH, user.name(), what + (choice.force() ? ", forced" : "")));
	}

	/**
	 * The e-mail {@code to} (or the run's first recipient) would get for a completed run,
	 * put together without sending anything.
	 */
	public MessagePreview preview(ConsoleUser user, long runId, String to) {
		require(user, Role.LAUNCHER, "previewing a run's message");
		return previews.of(catalog.run(user, runId), to);
	}

	/**
	 * Sends a completed run to {@code recipients} (none: to the run's own), once per
	 * recipient: whoever had it gets nothing again, and the answer says so.
	 */
	public Delivered deliver(ConsoleUser user, long runId, List<String> recipients) {
		require(user, Role.LAUNCHER, "sending a run");
		RunSummary run = catalog.run(user, runId);
		List<String> to = LaunchChoice.checked(recipients == null ? List.of() : recipients);
		String named = String.join(", ", to.isEmpty() ? run.recipients() : to);
		ReportOutcome outcome;
		try {
			outcome = delivery.deliver(runId, to, SendWhen.ALWAYS);
		}
		catch (RunFailedException ex) {
			// some may have had it: what was tried is recorded with why it failed
			actions.record(runId, Kind.RESEND, user.name(), "to " + named + ": " + ex.getMessage());
			throw ex;
		}
		String sent = outcome.sentTo().isEmpty() ? "nobody new" : String.join(", ", outcome.sentTo());
		String message = (outcome.sentTo().isEmpty() ? "Sent to nobody new." : "Sent to " + sent + ".")
				+ (outcome.message() == null ? "" : " " + outcome.message() + ".");
		actions.record(runId, Kind.RESEND, user.name(), "to " + named + ": sent to " + sent);
		return new Delivered(outcome.executionId(), outcome.sentTo(), message);
	}

	/**
	 * Restarts a failed, stopped or killed run from its last committed chunk; answers as
	 * soon as the new attempt has an id.
	 */
	public LaunchAnswer restart(ConsoleUser user, long runId) {
		require(user, Role.ADMIN, "restarting a run");
		catalog.run(user, runId);
		String what = "the restart of run " + runId;
		return threads.start(what, started -> launcher.restart(runId, started),
				id -> actions.record(id, Kind.RESTART, user.name(), "restarted run " + runId + " as run " + id));
	}

	/**
	 * Marks a run that is not going on as abandoned, never to be restarted; answers the
	 * line that says so.
	 */
	public String abandon(ConsoleUser user, long runId) {
		require(user, Role.ADMIN, "abandoning a run");
		catalog.run(user, runId);
		String line = runs.abandon(runId);
		actions.record(runId, Kind.ABANDON, user.name(), line);
		return line;
	}

	private ReportDefinition definition(String report) {
		if (report == null || !definitions.names().contains(report)) {
			throw new UserFacingException(
					"no report '" + report + "': the reports are " + String.join(", ", definitions.names()));
		}
		return definitions.load(report);
	}

	private static void require(ConsoleUser user, Role role, String action) {
		if (!user.may(role)) {
			throw new NotAllowed(user, role, action);
		}
	}

	/**
	 * "Report weekly-performance of team checkout for Mon 16 Nov to Sun 22 Nov 2026,
	 * Europe/Berlin".
	 */
	static String what(LaunchChoice choice, String rangeWords) {
		return "report " + choice.report() + (choice.team() == null ? "" : " of team " + choice.team()) + " for "
				+ rangeWords + (choice.recipients().isEmpty() ? "" : ", to " + String.join(", ", choice.recipients()));
	}

}
