package io.apmreports.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

import org.slf4j.LoggerFactory;

import io.apmreports.definition.Recipient;
import io.apmreports.delivery.ReportMailer;
import io.apmreports.job.ReportProperties;
import io.apmreports.run.ReportLauncher;
import io.apmreports.run.ReportOutcome;
import io.apmreports.run.RunStatistics;

/** Runs a report so that SIGTERM stops it at a chunk's end, and says how it ended. */
final class Outcomes {

	private Outcomes() {
	}

	/**
	 * Runs {@code job}, stoppable, and keeps what it cost beside the log, for the
	 * benchmark.
	 */
	static ReportOutcome launch(SpringSession spring, Supplier<ReportOutcome> job) {
		ReportOutcome outcome = spring.stoppable(() -> spring.bean(ReportLauncher.class).stopCurrent(), job);
		if (outcome.statistics() != null) {
			keep(outcome.statistics(), Path.of(spring.bean(ReportProperties.class).dataDir()));
		}
		return outcome;
	}

	private static void keep(RunStatistics statistics, Path dataDir) {
		try {
			Files.createDirectories(dataDir);
			statistics.write(RunStatistics.file(dataDir));
		}
		catch (IOException | RuntimeException ex) {
			// the report is done all the same; the log has the statistics line
			LoggerFactory.getLogger("apm-reports.failures").warn("The run's statistics could not be written", ex);
		}
	}

	/**
	 * Says how a run ended; {@code outbox} is where demo e-mail went instead of an SMTP
	 * server, if it did.
	 */
	static int report(ReportOutcome outcome, Optional<Path> outbox, PrintWriter out, PrintWriter err) {
		switch (outcome.result()) {
			case COMPLETED -> {
				// a run that fetched nothing wrote nothing: its files are a completed
				// run's
				out.println(outcome.statistics() == null
						? "Report for " + outcome.range() + ", as run " + outcome.executionId()
								+ " wrote it (nothing fetched or written now):"
						: "Report for " + outcome.range() + " written:");
				outcome.files().forEach(file -> out.println("  " + file));
				if (outcome.message() != null) {
					// ids the selection names that the account lacks: a typo or another
					// account's application, worth a look
					out.println(outcome.message());
				}
				sentLines(outcome.sentTo(), outbox).forEach(out::println);
				return ExitCodes.OK;
			}
			case ALREADY_COMPLETED -> {
				out.println(outcome.message());
				return ExitCodes.OK;
			}
			case BUSY, STOPPED -> {
				err.println("apm-reports: " + outcome.message());
				return ExitCodes.RUN_FAILED;
			}
			default -> {
				err.println("apm-reports: run " + outcome.executionId() + " failed: " + outcome.message());
				return ExitCodes.RUN_FAILED;
			}
		}
	}

	/** Runs {@code job} and says how it ended. */
	static int run(SpringSession spring, Supplier<ReportOutcome> job, PrintWriter out, PrintWriter err) {
		Optional<Path> outbox = spring.bean(ReportMailer.class).outbox();
		return report(launch(spring, job), outbox, out, err);
	}

	/**
	 * Whom a completed run went to: to the demo's outbox, e-mail is written, not sent; a
	 * chat channel is posted to either way.
	 */
	static List<String> sentLines(List<String> sentTo, Optional<Path> outbox) {
		if (sentTo.isEmpty()) {
			return List.of();
		}
		if (outbox.isEmpty()) {
			return List.of("Sent to " + String.join(", ", sentTo));
		}
		List<String> emails = sentTo.stream().filter(to -> Recipient.parse(to).isEmail()).toList();
		List<String> chats = sentTo.stream().filter(to -> !Recipient.parse(to).isEmail()).toList();
		List<String> lines = new ArrayList<>();
		if (!emails.isEmpty()) {
			lines.add("E-mail to " + String.join(", ", emails) + " written, not sent (demo), to the outbox "
					+ outbox.get().toAbsolutePath().normalize());
		}
		if (!chats.isEmpty()) {
			lines.add("Posted to " + String.join(", ", chats));
		}
		return lines;
	}

}
