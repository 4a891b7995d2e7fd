package io.apmreports.job;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.scope.context.ChunkContext;
import org.springframework.batch.core.step.StepContribution;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.batch.core.step.tasklet.Tasklet;
import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.batch.infrastructure.repeat.RepeatStatus;

import io.apmreports.definition.Recipient;
import io.apmreports.delivery.DeliveryException;

/**
 * Sends the published files to each recipient that has not had them yet, e-mail first,
 * then chat channels, one recipient per call and transaction: the record of a sent
 * message commits right after it is sent, so a restart after any failure sends only the
 * rest. A recipient that fails does not stop the others; the step fails after them,
 * naming it. A run without recipients sends nothing, and one whose {@code send-when} its
 * figures do not meet says why.
 */
class DeliverTasklet implements Tasklet {

	/**
	 * The recipients this attempt of the step failed to send to, in its context, under
	 * its own id: a restart's step starts with the context of the one before, whose
	 * failures it tries again.
	 */
	private static final String FAILED = "deliver.failed.";

	private static final Logger log = LoggerFactory.getLogger(DeliverTasklet.class);

	private final RunDeliveries deliveries;

	private final ReportEmails emails;

	DeliverTasklet(RunDeliveries deliveries, ReportEmails emails) {
		this.deliveries = deliveries;
		this.emails = emails;
	}

	@Override
	public RepeatStatus execute(StepContribution contribution, ChunkContext chunkContext) throws IOException {
		StepExecution step = chunkContext.getStepContext().getStepExecution();
		JobExecution jobExecution = step.getJobExecution();
		ExecutionContext context = step.getExecutionContext();
		String failedKey = FAILED + step.getId();
		List<String> failures = failures(context, failedKey);
		List<Recipient> recipients = ReportRun.recipients(jobExecution.getJobParameters());
		List<Recipient> left = deliveries.notYetSent(jobExecution, recipients);
		Recipient next = left.stream()
			.filter(recipient -> failures.stream().noneMatch(failure -> failure.startsWith(recipient.key() + "\t")))
			.findFirst()
			.orElse(null);
		if (next == null) {
			failIfAny(failures, jobExecution);
			return RepeatStatus.FINISHED;
		}
		// asked before the first message only: once one went, the rest follow it
		if (left.size() == recipients.size() && failures.isEmpty()) {
			Optional<String> notSent = deliveries.notSent(jobExecution,
					ReportRun.sendWhen(jobExecution.getJobParameters()));
			if (notSent.isPresent()) {
				RunResults.putNotSent(jobExecution.getExecutionContext(), notSent.get());
				log.info("Run {}: {}; its files are in {}", jobExecution.getId(), notSent.get(),
						emails.directory(jobExecution));
				return RepeatStatus.FINISHED;
			}
		}
		try {
			deliveries.send(jobExecution, next);
			contribution.incrementWriteCount(1);
		}
		catch (MissingFilesException ex) {
			// no recipient can have them: said once, not once per recipient
			throw ex;
		}
		catch (DeliveryException ex) {
			failures.add(next.key() + "\t" + ex.getMessage());
			context.put(failedKey, new ArrayList<>(failures));
		}
		return RepeatStatus.CONTINUABLE;
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
