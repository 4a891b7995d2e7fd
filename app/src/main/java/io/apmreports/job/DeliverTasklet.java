package io.apmreports.job;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.scope.context.ChunkContext;
import org.springframework.batch.core.step.StepContribution;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.batch.core.step.tasklet.Tasklet;
import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.batch.infrastructure.repeat.RepeatStatus;

import io.apmreports.delivery.Attachments;
import io.apmreports.delivery.DeliveryException;
import io.apmreports.definition.Recipient;
import io.apmreports.delivery.ReportDelivery;
import io.apmreports.delivery.SentMessages;
import io.apmreports.report.email.ReportEmail;

/**
 * Sends the published files to each recipient that has not had them yet, e-mail first,
 * then chat channels, one recipient per call and transaction: the record of a sent
 * message commits right after it is sent, so a restart after any failure sends only the
 * rest. A recipient that fails does not stop the others; the step fails after them,
 * naming it. A run without recipients sends nothing.
 */
class DeliverTasklet implements Tasklet {

	/**
	 * The recipients this attempt of the step failed to send to, in its context, under
	 * its own id: a restart's step starts with the context of the one before, whose
	 * failures it tries again.
	 */
	private static final String FAILED = "deliver.failed.";

	private static final Logger log = LoggerFactory.getLogger(DeliverTasklet.class);

	private final ReportDelivery delivery;

	private final SentMessages sent;

	private final ReportEmails emails;

	DeliverTasklet(ReportDelivery delivery, SentMessages sent, ReportEmails emails) {
		this.delivery = delivery;
		this.sent = sent;
		this.emails = emails;
	}

	@Override
	public RepeatStatus execute(StepContribution contribution, ChunkContext chunkContext) throws IOException {
		JobExecution jobExecution = chunkContext.getStepContext().getStepExecution().getJobExecution();
		StepExecution step = chunkContext.getStepContext().getStepExecution();
		ExecutionContext context = step.getExecutionContext();
		String failedKey = FAILED + step.getId();
		long instanceId = jobExecution.getJobInstance().getInstanceId();
		Set<String> done = sent.recipients(instanceId);
		List<String> failures = failures(context, failedKey);
		Recipient next = inOrder(ReportRun.recipients(jobExecution.getJobParameters())).stream()
			.filter(recipient -> !done.contains(recipient.key()))
			.filter(recipient -> failures.stream().noneMatch(failure -> failure.startsWith(recipient.key() + "\t")))
			.findFirst()
			.orElse(null);
		if (next == null) {
			failIfAny(failures, jobExecution);
			return RepeatStatus.FINISHED;
		}
		// asked before the first message only: once one went, the rest follow it
		if (done.isEmpty() && failures.isEmpty()) {
			Optional<String> notSent = emails.notSent(jobExecution);
			if (notSent.isPresent()) {
				RunResults.putNotSent(jobExecution.getExecutionContext(), notSent.get());
				log.info("Run {}: {}; its files are in {}", jobExecution.getId(), notSent.get(),
						emails.directory(jobExecution));
				return RepeatStatus.FINISHED;
			}
		}
		// outside the try: files that are gone are not helped by a restart, and say so
		// themselves
		Attachments prepared = emails.attachments(jobExecution);
		try (Attachments attachments = prepared) {
			ReportEmail email = emails.email(jobExecution, attachments.files());
			String messageId = delivery.send(email, next);
			sent.record(instanceId, next.key(), messageId, emails.now());
			contribution.incrementWriteCount(1);
		}
		catch (DeliveryException ex) {
			failures.add(next.key() + "\t" + ex.getMessage());
			context.put(failedKey, new ArrayList<>(failures));
		}
		return RepeatStatus.CONTINUABLE;
	}

	/** E-mail first, as it always went, then the chat channels. */
	static List<Recipient> inOrder(List<Recipient> recipients) {
		return recipients.stream().sorted(Comparator.comparing(recipient -> !recipient.isEmail())).toList();
	}

	@SuppressWarnings("unchecked")
	private static List<String> failures(ExecutionContext context, String key) {
		Object failed = context.get(key);
		return failed instanceof List<?> list ? new ArrayList<>((List<String>) list) : new ArrayList<>();
	}

	private void failIfAny(List<String> failures, JobExecution jobExecution) {
		if (failures.isEmpty()) {
			return;
		}
		List<String> reasons = failures.stream().map(failure -> failure.substring(failure.indexOf('\t') + 1)).toList();
		throw new DeliveryException(
				String.join("; ", reasons) + "; the report files stay in " + emails.directory(jobExecution) + ", and '"
						+ ReportRun.restartCommand(jobExecution.getJobParameters(), jobExecution.getId())
						+ "' sends to whoever has not had them yet",
				null);
	}

}
