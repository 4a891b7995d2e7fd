package io.apmreports.web;

import java.io.IOException;
import java.util.Base64;
import java.util.List;

import org.springframework.batch.core.job.Job;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.stereotype.Component;
import org.springframework.web.util.HtmlUtils;

import io.apmreports.definition.Recipient;
import io.apmreports.delivery.DeliveryProperties;
import io.apmreports.failure.UserFacingException;
import io.apmreports.job.LaunchedDefinition;
import io.apmreports.job.RunDigests;
import io.apmreports.report.digest.RunDigest;
import io.apmreports.report.email.EmailBody;
import io.apmreports.report.picture.ChartPicture;
import io.apmreports.run.ReportRuns;
import io.apmreports.run.ReportRuns.RunSummary;

/**
 * Puts a completed run's e-mail together from the digest the run kept, as delivery would,
 * and sends nothing.
 */
@Component
class MessagePreviews {

	private final JobRepository jobRepository;

	private final Job reportJob;

	private final LaunchedDefinition launchedDefinition;

	private final RunDigests digests;

	private final DeliveryProperties delivery;

	MessagePreviews(JobRepository jobRepository, Job reportJob, LaunchedDefinition launchedDefinition,
			RunDigests digests, DeliveryProperties delivery) {
		this.jobRepository = jobRepository;
		this.reportJob = reportJob;
		this.launchedDefinition = launchedDefinition;
		this.digests = digests;
		this.delivery = delivery;
	}

	/**
	 * The message of {@code run} (or of the restart that completed it) to {@code to}, or
	 * to the run's first recipient when none is named.
	 */
	MessagePreview of(RunSummary run, String to) {
		long completed = completed(run);
		Recipient recipient = recipient(run, to);
		RunDigest digest;
		try {
			digest = digests.of(launchedDefinition.of(ReportRuns.find(jobRepository, reportJob, completed)));
		}
		catch (IOException ex) {
			throw new UserFacingException(
					"the message of run " + completed + " could not be put together: " + ex.getMessage(), ex);
		}
		return new MessagePreview(completed, delivery.from(), recipient.toString(), digest.subject(),
				inlined(EmailBody.html(digest), digest.charts()));
	}

	/** The completed attempt whose message this is: the run, or its completed restart. */
	private static long completed(RunSummary run) {
		if ("COMPLETED".equals(run.status())) {
			return run.executionId();
		}
		if (run.continuedAs() != null && "COMPLETED".equals(run.continuedAs().status())) {
			return run.continuedAs().executionId();
		}
		throw new UserFacingException("run " + run.executionId() + " is " + run.status()
				+ ", not completed: only a completed run has a message to preview");
	}

	private static Recipient recipient(RunSummary run, String to) {
		String named = to == null || to.isBlank() ? null : to;
		if (named == null && run.recipients().isEmpty()) {
			throw new UserFacingException(
					"run " + run.executionId() + " wrote files only: name the address to preview its e-mail for");
		}
		Recipient recipient = Recipient.parse(named == null ? run.recipients().get(0) : named);
		if (recipient.channel() != Recipient.Channel.EMAIL) {
			throw new UserFacingException("'" + recipient + "' gets a chat message, not an e-mail: name an e-mail "
					+ "address to preview the e-mail for");
		}
		return recipient;
	}

	/**
	 * The body with each chart, which the e-mail carries as a part of its own, as data a
	 * browser shows without another request.
	 */
	static String inlined(String html, List<ChartPicture> charts) {
		String inlined = html;
		for (ChartPicture chart : charts) {
			inlined = inlined.replace("src=\"cid:" + HtmlUtils.htmlEscape(chart.name(), "UTF-8") + "\"",
					"src=\"data:image/png;base64," + Base64.getEncoder().encodeToString(chart.png()) + "\"");
		}
		return inlined;
	}

}
