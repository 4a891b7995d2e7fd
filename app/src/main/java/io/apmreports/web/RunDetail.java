package io.apmreports.web;

import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.Job;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.stereotype.Component;

import io.apmreports.definition.Recipient;
import io.apmreports.definition.ReportDefinitions;
import io.apmreports.delivery.SentMessages;
import io.apmreports.failure.UserFacingException;
import io.apmreports.job.ReportRun;
import io.apmreports.job.RunDigests;
import io.apmreports.job.RunResults;
import io.apmreports.report.digest.RunDigest;
import io.apmreports.run.ReportRuns;
import io.apmreports.run.ReportRuns.RunSummary;

/**
 * Everything the page of one run tells: its figures as its e-mail said them (from the
 * digest it kept, never its tables again), its files, who got what when and through which
 * channel and why someone did not, its failure in one line with what mends it, and while
 * it goes on, how far it is.
 */
@Component
public class RunDetail {

	private static final Logger log = LoggerFactory.getLogger(RunDetail.class);

	private final RunCatalog catalog;

	private final ReportDefinitions definitions;

	private final JobRepository jobRepository;

	private final Job reportJob;

	private final SentMessages sentMessages;

	private final RunFiles files;

	RunDetail(RunCatalog catalog, JobRepository jobRepository, Job reportJob, SentMessages sentMessages, RunFiles files,
			ReportDefinitions definitions) {
		this.definitions = definitions;
		this.catalog = catalog;
		this.jobRepository = jobRepository;
		this.reportJob = reportJob;
		this.sentMessages = sentMessages;
		this.files = files;
	}

	/**
	 * One run as its page shows it.
	 *
	 * @param run the run as {@code show} tells it
	 * @param rangeText its range in words, in its report's zone
	 * @param live its status, and while it goes on, its step and progress
	 * @param figures its figures as its e-mail said them, or {@code null}
	 * @param figuresNote why there are no figures to show; empty when there are
	 * @param files the files it published
	 * @param deliveries each recipient, and what became of their message
	 * @param mend its failure and what mends it
	 */
	public record View(RunSummary run, String rangeText, LiveStatus live, RunFigures figures, String figuresNote,
			List<RunFiles.RunFile> files, List<Delivery> deliveries, Mend mend) {
	}

	/**
	 * What became of one recipient's message.
	 *
	 * @param recipient the address, or {@code slack:NAME}
	 * @param channel e-mail, Slack or Microsoft Teams
	 * @param state {@code sent}, {@code failed}, {@code held back}, {@code waiting} or
	 * {@code not sent}
	 * @param at when it was sent, in this machine's zone, or {@code null}
	 * @param why why it failed or was held back, in one line; else empty
	 */
	public record Delivery(String recipient, String channel, String state, ZonedDateTime at, String why) {
	}

	/**
	 * A run's failure and what mends it.
	 *
	 * @param failure the failure in one line; empty for a run that did not fail
	 * @param restart whether a restart may mend it: a failed or stopped latest attempt,
	 * whose failure trying again can help
	 * @param abandon whether it may be abandoned: neither completed, nor abandoned, nor
	 * going on
	 * @param advice what to do, in a sentence; empty when there is nothing to mend
	 */
	public record Mend(String failure, boolean restart, boolean abandon, String advice) {

		/** Whether there is something to mend. */
		public boolean any() {
			return restart || abandon;
		}

	}

	/** The run with this id, when the user may see it. */
	public View of(ConsoleUser user, long executionId) {
		RunSummary run = catalog.run(user, executionId);
		JobExecution execution = ReportRuns.find(jobRepository, reportJob, executionId);
		Optional<RunDigest> digest = digest(execution);
		return new View(run, digest.map(RunDigest::rangeText).orElseGet(() -> rangeText(execution)),
				LiveStatus.of(execution), digest.map(RunFigures::of).orElse(null),
				digest.isPresent() ? "" : figuresNote(execution), files.of(run), deliveries(execution),
				mend(run, execution));
	}

	/**
	 * The range in words before the run kept its digest: in its report's zone, or, for a
	 * report no longer defined, in the zone its range was recorded with.
	 */
	private String rangeText(JobExecution execution) {
		ReportRun run = ReportRun.of(execution.getJobParameters());
		ZoneId zone;
		try {
			zone = definitions.load(run.report()).timeZone();
		}
		catch (UserFacingException ex) {
			zone = run.range().from().getOffset();
		}
		return run.range().describe(zone);
	}

	/** The run's status and progress now, for a page that polls it. */
	public LiveStatus live(ConsoleUser user, long executionId) {
		catalog.run(user, executionId);
		return LiveStatus.of(ReportRuns.find(jobRepository, reportJob, executionId));
	}

	private static Optional<RunDigest> digest(JobExecution execution) {
		try {
			return RunDigests.keptText(execution);
		}
		catch (RuntimeException ex) {
			// a digest an earlier version kept in another shape: the page says so
			log.warn("Run {}: its kept digest could not be read", execution.getId(), ex);
			return Optional.empty();
		}
	}

	private static String figuresNote(JobExecution execution) {
		if (execution.getStatus().isRunning()) {
			return "The figures are shown once the run has written its files.";
		}
		if (RunResults.files(execution).isEmpty()) {
			return "This run wrote no files, so it has no figures to show.";
		}
		return "This run kept no digest of its figures (an earlier version ran it): its files hold them.";
	}

	private List<Delivery> deliveries(JobExecution execution) {
		ZoneId zone = ZoneId.systemDefault();
		List<SentMessages.Sent> sent = sentMessages.sent(execution.getJobInstance().getInstanceId());
		Set<String> had = sent.stream().map(SentMessages.Sent::recipient).collect(Collectors.toSet());
		List<Delivery> deliveries = new ArrayList<>();
		sent.forEach(message -> deliveries.add(new Delivery(message.recipient(), channel(message.recipient()), "sent",
				message.sentAt().atZone(zone), "")));
		Map<String, String> failed = RunResults.deliveryFailures(execution);
		Optional<String> notSent = RunResults.notSent(execution);
		for (Recipient recipient : ReportRun.of(execution.getJobParameters()).recipients()) {
			String key = recipient.key();
			if (had.contains(key)) {
				continue;
			}
			deliveries.add(failed.containsKey(key)
					? new Delivery(key, recipient.channel().label(), "failed", null, failed.get(key))
					: unsent(key, recipient.channel().label(), execution, notSent));
		}
		return deliveries;
	}

	private static Delivery unsent(String key, String channel, JobExecution execution, Optional<String> notSent) {
		if (notSent.isPresent()) {
			return new Delivery(key, channel, "held back", null, notSent.get().replaceFirst("^not sent: ", ""));
		}
		if (execution.getStatus().isRunning()) {
			return new Delivery(key, channel, "waiting", null, "");
		}
		return new Delivery(key, channel, "not sent", null,
				execution.getStatus() == BatchStatus.COMPLETED ? "" : "the run ended before sending");
	}

	/** The channel a sent message's recipient key names: e-mail, Slack or Teams. */
	static String channel(String key) {
		try {
			return Recipient.parse(key).channel().label();
		}
		catch (UserFacingException ex) {
			return "";
		}
	}

	static Mend mend(RunSummary run, JobExecution execution) {
		BatchStatus status = execution.getStatus();
		boolean latest = run.continuedAs() == null;
		boolean ended = status == BatchStatus.FAILED || status == BatchStatus.STOPPED || status == BatchStatus.UNKNOWN;
		boolean lasting = RunResults.lasting(execution);
		boolean restart = latest && ended && !lasting;
		boolean abandon = latest && ended;
		String advice = !latest ? "This attempt was restarted since, and " + run.continuedAs().describe() + "."
				: !ended ? ""
						: lasting
								? "Trying again cannot mend this failure: mend its cause, then abandon the run and "
										+ "launch its report and range afresh."
								: "Restart it to carry on from its last committed step: it sends only to whoever "
										+ "has not had the report. Abandon it to give it up for good.";
		return new Mend(run.failure(), restart, abandon, advice);
	}

}
