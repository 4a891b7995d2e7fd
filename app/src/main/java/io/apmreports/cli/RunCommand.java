package io.apmreports.cli;

import java.util.ArrayList;
import java.util.List;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import io.apmreports.definition.Recipient;
import io.apmreports.definition.SendWhen;
import io.apmreports.failure.UserFacingException;
import io.apmreports.run.HistoryBackfill;
import io.apmreports.run.ReportLauncher;
import io.apmreports.run.ReportRequest;
import io.apmreports.schedule.Schedules;

/**
 * {@code run}: one report, for a range, to files and, with {@code --deliver}, by e-mail.
 */
@Command(name = "run", mixinStandardHelpOptions = true,
		description = { "Runs a report and prints the files it wrote; with --deliver also e-mails it.",
				"A failed, stopped or killed run of the same report and range continues where it stopped." })
final class RunCommand extends DemoCommand {

	@Mixin
	ReportSelection selection;

	@Option(names = "--force", description = "Runs a report and range again that completed before.")
	boolean force;

	@Option(names = "--deliver",
			description = "E-mails the report as a schedule would (needs spring.mail.host, except with --demo).")
	boolean deliver;

	@Option(names = "--send-when", paramLabel = "WHEN", description = "With --deliver, sends only when the figures "
			+ "call for it: 'regressions' (regressions or failed applications), or limits such as "
			+ "'apdex-below=0.85,error-rate-above=2%%,response-time-above=500,for=each-application'. Default: always.")
	String sendWhen;

	@Option(names = "--fill-history",
			description = "First fills the report's kept history with the 12 periods before its range, as backfill "
					+ "does, so that this run's report already shows its course and what is usual.")
	boolean fillHistory;

	/** With --demo, the outbox goes where the files go. */
	@Override
	List<String> settings(List<String> given) {
		List<String> settings = new ArrayList<>(super.settings(given));
		if (demo && selection.outputDir != null) {
			settings.add("--apm.demo-outbox=" + selection.outputDir.resolve("outbox"));
		}
		return settings;
	}

	@Override
	void check(BeforeSpring.Bound settings) {
		if (!selection.recipients().isEmpty() && !deliver) {
			throw new UserFacingException("--recipients goes with --deliver: add --deliver to send the report");
		}
		if (sendWhen != null && !deliver) {
			throw new UserFacingException("--send-when goes with --deliver: add --deliver to send the report");
		}
		condition();
		BeforeSpring.checkReport(settings, selection, selection.team, demo);
		BeforeSpring.checkLaunch(settings, selection.outputDir,
				selection.recipients().stream().map(Recipient::parse).toList(), demo);
	}

	private SendWhen condition() {
		try {
			return SendWhen.parse(sendWhen);
		}
		catch (UserFacingException ex) {
			throw new UserFacingException("--" + ex.getMessage());
		}
	}

	@Override
	int run(SpringSession spring) {
		List<String> recipients = selection.recipients();
		return Outcomes.run(spring, () -> {
			Schedules schedules = spring.bean(Schedules.class);
			List<String> to = deliver && recipients.isEmpty() ? schedules.recipientsOf(selection.report, selection.team)
					: recipients;
			ReportRequest request = selection.request(force, to, schedules, condition());
			if (fillHistory) {
				spring.bean(HistoryBackfill.class).fillBefore(request, line -> {
					out().println(line);
					out().flush();
				});
			}
			return spring.bean(ReportLauncher.class).launch(request);
		}, out(), err());
	}

}
