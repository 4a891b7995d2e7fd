package io.apmreports.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.springframework.batch.core.job.Job;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.stereotype.Component;

import io.apmreports.delivery.ReportMailer;
import io.apmreports.failure.UserFacingException;
import io.apmreports.report.digest.RunDigest;
import io.apmreports.job.LaunchedDefinition;
import io.apmreports.job.LaunchedRun;
import io.apmreports.job.RunDigests;

/**
 * Writes a completed run's e-mail as an {@code .eml} file beside its folder (in
 * {@code <from>_<to>.preview/}), exactly as delivery would send it.
 */
@Component
public class ReportPreview {

	private final JobRepository jobRepository;

	private final Job reportJob;

	private final RunDigests digests;

	private final ReportMailer mailer;

	private final LaunchedDefinition launchedDefinition;

	ReportPreview(JobRepository jobRepository, Job reportJob, RunDigests digests, ReportMailer mailer,
			LaunchedDefinition launchedDefinition) {
		this.launchedDefinition = launchedDefinition;
		this.jobRepository = jobRepository;
		this.reportJob = reportJob;
		this.digests = digests;
		this.mailer = mailer;
	}

	/**
	 * The e-mail of run {@code executionId} to {@code recipient}, written without
	 * sending; answers the file.
	 */
	public Path write(long executionId, String recipient) {
		LaunchedRun launched = launchedDefinition.of(ReportRuns.find(jobRepository, reportJob, executionId));
		Path file = launched.files().previewFile();
		Path directory = file.getParent();
		try {
			RunDigest digest = digests.of(launched);
			Files.createDirectories(directory);
			return mailer.preview(digest, recipient, file);
		}
		catch (IOException ex) {
			throw new UserFacingException("the preview could not be written to " + directory + ": " + ex.getMessage(),
					ex);
		}
	}

}
