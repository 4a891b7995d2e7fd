package io.apmreports.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.springframework.batch.core.job.Job;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.stereotype.Component;

import io.apmreports.delivery.ReportMailer;
import io.apmreports.failure.UserFacingException;
import io.apmreports.report.digest.RunDigest;
import io.apmreports.job.ReportEmails;
import io.apmreports.job.RunDigests;

/**
 * Writes a completed run's e-mail as an {@code .eml} file beside its folder (in
 * {@code <from>_<to>.preview/}), exactly as delivery would send it.
 */
@Component
public class ReportPreview {

	private final JobRepository jobRepository;

	private final Job reportJob;

	private final ReportEmails emails;

	private final RunDigests digests;

	private final ReportMailer mailer;

	ReportPreview(JobRepository jobRepository, Job reportJob, ReportEmails emails, RunDigests digests,
			ReportMailer mailer) {
		this.jobRepository = jobRepository;
		this.reportJob = reportJob;
		this.emails = emails;
		this.digests = digests;
		this.mailer = mailer;
	}

	/**
	 * The e-mail of run {@code executionId} to {@code recipient}, written without
	 * sending; answers the file.
	 */
	public Path write(long executionId, String recipient) {
		JobExecution execution = ReportRuns.find(jobRepository, reportJob, executionId);
		Path file = emails.previewFile(execution);
		Path directory = file.getParent();
		try {
			RunDigest digest = digests.of(execution);
			Files.createDirectories(directory);
			return mailer.preview(digest, recipient, file);
		}
		catch (IOException ex) {
			throw new UserFacingException("the preview could not be written to " + directory + ": " + ex.getMessage(),
					ex);
		}
	}

}
