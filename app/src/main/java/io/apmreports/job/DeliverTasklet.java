package io.apmreports.job;

import java.io.IOException;
import java.util.List;
import java.util.Set;

import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.scope.context.ChunkContext;
import org.springframework.batch.core.step.StepContribution;
import org.springframework.batch.core.step.tasklet.Tasklet;
import org.springframework.batch.infrastructure.repeat.RepeatStatus;

import io.apmreports.delivery.Attachments;
import io.apmreports.delivery.DeliveryException;
import io.apmreports.delivery.ReportMailer;
import io.apmreports.delivery.SentMessages;
import io.apmreports.report.email.ReportEmail;

/**
 * Sends the published files to each recipient that has not had them yet, one recipient
 * per call and transaction: the record of a sent message commits right after it is sent,
 * so a restart after any failure sends only the rest. A run without recipients sends
 * nothing.
 */
class DeliverTasklet implements Tasklet {

	private final ReportMailer mailer;

	private final SentMessages sent;

	private final ReportEmails emails;

	DeliverTasklet(ReportMailer mailer, SentMessages sent, ReportEmails emails) {
		this.mailer = mailer;
		this.sent = sent;
		this.emails = emails;
	}

	@Override
	public RepeatStatus execute(StepContribution contribution, ChunkContext chunkContext) throws IOException {
		JobExecution jobExecution = chunkContext.getStepContext().getStepExecution().getJobExecution();
		long instanceId = jobExecution.getJobInstance().getInstanceId();
		List<String> recipients = ReportRun.recipients(jobExecution.getJobParameters());
		Set<String> done = sent.recipients(instanceId);
		String next = recipients.stream().filter(recipient -> !done.contains(recipient)).findFirst().orElse(null);
		if (next == null) {
			return RepeatStatus.FINISHED;
		}
		// outside the try: files that are gone are not helped by a restart, and say so
		// themselves
		Attachments prepared = emails.attachments(jobExecution);
		try (Attachments attachments = prepared) {
			ReportEmail email = emails.email(jobExecution, attachments.files());
			String messageId = mailer.send(email, next);
			sent.record(instanceId, next, messageId, emails.now());
			contribution.incrementWriteCount(1);
		}
		catch (DeliveryException ex) {
			throw new DeliveryException(ex.getMessage() + "; the report files stay in " + emails.directory(jobExecution)
					+ ", and '" + ReportRun.restartCommand(jobExecution.getJobParameters(), jobExecution.getId())
					+ "' sends to whoever has not had them yet", ex);
		}
		return done.size() + 1 < recipients.size() ? RepeatStatus.CONTINUABLE : RepeatStatus.FINISHED;
	}

}
