package io.apmreports.run;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.Job;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.stereotype.Component;

import io.apmreports.definition.Recipient;
import io.apmreports.definition.SendWhen;
import io.apmreports.delivery.DeliveryException;
import io.apmreports.failure.RunFailedException;
import io.apmreports.failure.UserFacingException;
import io.apmreports.job.LaunchedDefinition;
import io.apmreports.job.LaunchedRun;
import io.apmreports.job.ReportRun;
import io.apmreports.job.RunDeliveries;
import io.apmreports.job.RunResults;
import io.apmreports.range.TimeRange;

/**
 * Sends a completed run's files to recipients without fetching or writing anything:
 * {@code deliver <run-id>}, and {@code run --deliver} of a report and range that
 * completed without delivery. Each recipient is recorded as it is sent, under the run's
 * lock, so whoever had the report does not get it twice.
 */
@Component
public class CompletedRunDelivery {

	private static final Logger log = LoggerFactory.getLogger(CompletedRunDelivery.class);

	private final JobRepository jobRepository;

	private final Job reportJob;

	private final ExclusiveLaunch exclusive;

	private final RunDeliveries deliveries;

	private final LaunchedDefinition launchedDefinition;

	CompletedRunDelivery(JobRepository jobRepository, Job reportJob, ExclusiveLaunch exclusive,
			RunDeliveries deliveries, LaunchedDefinition launchedDefinition) {
		this.jobRepository = jobRepository;
		this.reportJob = reportJob;
		this.exclusive = exclusive;
		this.deliveries = deliveries;
		this.launchedDefinition = launchedDefinition;
	}

	/**
	 * Sends run {@code executionId}'s report to {@code recipients} (none: to the run's
	 * own) that have not had it, when {@code when} holds for its figures.
	 */
	public ReportOutcome deliver(long executionId, List<String> recipients, SendWhen when) {
		Prepared prepared = prepare(executionId, recipients);
		return exclusive.call(prepared.launched().run().lockIdentity(), prepared.launched().run().range(),
				"run " + executionId, () -> executionId,
				() -> noted(prepared, send(prepared.launched(), prepared.to(), when)));
	}

	private Prepared prepare(long executionId, List<String> recipients) {
		JobExecution execution = completed(ReportRuns.find(jobRepository, reportJob, executionId));
		LaunchedRun launched = launchedDefinition.of(execution);
		List<Recipient> given = recipients.isEmpty() ? launched.run().recipients()
				: recipients.stream().map(Recipient::parse).toList();
		// one message per address, however often and in whatever spelling it is named
		Map<String, Recipient> byKey = new LinkedHashMap<>();
		given.forEach(recipient -> byKey.putIfAbsent(recipient.key(), recipient));
		List<Recipient> to = List.copyOf(byKey.values());
		if (to.isEmpty()) {
			throw new UserFacingException("run " + executionId + " wrote files only, so it has no recipients: name "
					+ "them with --recipients");
		}
		deliveries.check(to);
		String note = execution.getId() == executionId ? null
				: "Run " + executionId + " was finished by run " + execution.getId() + ": these are its files.";
		return new Prepared(launched, to, note);
	}

	/**
	 * The attempt of a run that completed: the run itself, or the restart that finished
	 * its report and range. Else one line saying what finishes it, as it is to be typed.
	 */
	private JobExecution completed(JobExecution execution) {
		if (execution.getStatus() == BatchStatus.COMPLETED) {
			return execution;
		}
		JobExecution latest = jobRepository.getLastJobExecution(execution.getJobInstance());
		if (latest == null) {
			latest = execution;
		}
		if (latest.getStatus() == BatchStatus.COMPLETED) {
			return latest;
		}
		ReportRun run = ReportRun.of(latest.getJobParameters());
		String advice = latest.getStatus() == BatchStatus.ABANDONED
				? "'" + run.runCommand() + "' runs its report and range afresh"
				: "'" + run.restartCommand(latest.getId()) + "' finishes it";
		throw new UserFacingException("run " + execution.getId() + " is " + execution.getStatus()
				+ (latest.getId() == execution.getId() ? ""
						: " and run " + latest.getId() + ", which continued it, is " + latest.getStatus())
				+ ", not completed: only a completed run's files can be sent (" + advice + ")");
	}

	/**
	 * A completed run, whom it is to go to, checked, and a note when it is not the run
	 * asked for but the one that finished it.
	 */
	private record Prepared(LaunchedRun launched, List<Recipient> to, String note) {
	}

	/**
	 * {@link #deliver}, for a caller that holds the run's lock already: a launch that
	 * found its report and range completed without delivery.
	 */
	ReportOutcome deliverUnderLock(long executionId, List<String> recipients, SendWhen when) throws IOException {
		Prepared prepared = prepare(executionId, recipients);
		return noted(prepared, send(prepared.launched(), prepared.to(), when));
	}

	/**
	 * The outcome with the note of which run's files were sent before its own message.
	 */
	private static ReportOutcome noted(Prepared prepared, ReportOutcome outcome) {
		if (prepared.note() == null) {
			return outcome;
		}
		return new ReportOutcome(outcome.result(), outcome.executionId(), outcome.range(), outcome.files(),
				outcome.message() == null ? prepared.note() : prepared.note() + "\n" + outcome.message(),
				outcome.statistics(), outcome.sentTo(), outcome.lasting());
	}

	private ReportOutcome send(LaunchedRun launched, List<Recipient> to, SendWhen when) throws IOException {
		JobExecution execution = launched.execution();
		TimeRange range = launched.run().range();
		Optional<String> notSent = when.always() ? Optional.empty() : deliveries.notSent(launched, when);
		if (notSent.isPresent()) {
			return outcome(execution, range, "Report " + notSent.get(), List.of());
		}
		List<Recipient> left = deliveries.notYetSent(launched, to);
		List<String> had = to.stream()
			.filter(recipient -> !left.contains(recipient))
			.map(Recipient::key)
			.sorted()
			.toList();
		List<String> sentNow = new ArrayList<>();
		List<String> failures = new ArrayList<>();
		for (Recipient recipient : left) {
			try {
				deliveries.send(launched, recipient);
				sentNow.add(recipient.key());
			}
			catch (DeliveryException ex) {
				failures.add(ex.getMessage());
			}
		}
		if (!failures.isEmpty()) {
			// the run completed; its delivery did not
			throw new RunFailedException("run " + execution.getId() + " was not sent to everyone"
					+ (sentNow.isEmpty() ? "" : " (it was to " + String.join(", ", sentNow) + ")") + ": "
					+ String.join("; ", failures) + "; the same command sends to whoever has not had it yet");
		}
		log.info("Run {}: its files were sent to {}, nothing fetched", execution.getId(),
				sentNow.isEmpty() ? "nobody new" : String.join(", ", sentNow));
		return outcome(
				execution, range, had.isEmpty() ? null : String.join(", ", had)
						+ (had.size() == 1 ? " had" : " have had") + " the report already, so it was not sent again",
				sentNow);
	}

	private ReportOutcome outcome(JobExecution execution, TimeRange range, String message, List<String> sentTo) {
		return new ReportOutcome(ReportOutcome.Result.COMPLETED, execution.getId(), range, RunResults.files(execution),
				message, null, sentTo);
	}

}
