package io.apmreports.job;

import java.io.IOException;
import java.io.Serializable;
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

	private final LaunchedRun launched;

	DeliverTasklet(RunDeliveries deliveries, LaunchedRun launched) {
		this.deliveries = deliveries;
		this.launched = launched;
	}

	@Override
	public RepeatStatus execute(StepContribution contribution, ChunkContext chunkContext) throws IOException {
		StepExecution step = chunkContext.getStepContext().getStepExecution();
		JobExecution jobExecution = step.getJobExecution();
		ExecutionContext context = step.getExecutionContext();
		String failedKey = FAILED + step.getId();
		List<Failure> failures = failures(context, failedKey);
		List<Recipient> recipients = launched.run().recipients();
		List<Recipient> left = deliveries.notYetSent(launched, recipients);
		Recipient next = left.stream()
			.filter(recipient -> failures.stream().noneMatch(failure -> failure.recipient().equals(recipient.key())))
			.findFirst()
			.orElse(null);
		if (next == null) {
			failIfAny(failures, jobExecution);
			return RepeatStatus.FINISHED;
		}
		// asked before the first message only: once one went, the rest follow it
		if (left.size() == recipients.size() && failures.isEmpty()) {
			Optional<String> notSent = deliveries.notSent(launched, launched.run().sendWhen());
			if (notSent.isPresent()) {
				RunResults.putNotSent(jobExecution.getExecutionContext(), notSent.get());
				log.info("Run {}: {}; its files are in {}", jobExecution.getId(), notSent.get(),
						launched.files().directory());
				return RepeatStatus.FINISHED;
			}
		}
		try {
			deliveries.send(launched, next);
			contribution.incrementWriteCount(1);
		}
		catch (MissingFilesException ex) {
			// no recipient can have them: said once, not once per recipient
			throw ex;
		}
		catch (DeliveryException ex) {
			failures.add(new Failure(next.key(), ex.getMessage()));
			context.put(failedKey, new ArrayList<>(failures));
		}
		return RepeatStatus.CONTINUABLE;
	}

	/** The recipients a deliver step failed to send to, each with why. */
	static List<Failure> failures(StepExecution step) {
		return failures(step.getExecutionContext(), FAILED + step.getId());
	}

	private static List<Failure> failures(ExecutionContext context, String key) {
		List<Failure> failures = new ArrayList<>();
		if (context.get(key) instanceof List<?> kept) {
			kept.forEach(failure -> failures.add(Failure.of(failure)));
		}
		return failures;
	}

	private void failIfAny(List<Failure> failures, JobExecution jobExecution) {
		if (failures.isEmpty()) {
			return;
		}
		List<String> reasons = failures.stream().map(Failure::message).toList();
		throw new DeliveryException(String.join("; ", reasons) + "; the report files stay in "
				+ launched.files().directory() + ", and '" + launched.run().restartCommand(jobExecution.getId())
				+ "' sends to whoever has not had them yet", null);
	}

	/**
	 * A recipient this attempt of the step could not send to, kept in the step's context
	 * for the rest of the attempt and for its restart.
	 *
	 * @param recipient the recipient's key
	 * @param message why, in one line
	 */
	record Failure(String recipient, String message) implements Serializable {

		/**
		 * A failure as the context kept it: this record, or the {@code key\tmessage} text
		 * a step of an earlier version kept.
		 */
		static Failure of(Object kept) {
			if (kept instanceof Failure failure) {
				return failure;
			}
			String text = String.valueOf(kept);
			int tab = text.indexOf('\t');
			return new Failure(text.substring(0, Math.max(tab, 0)), text.substring(tab + 1));
		}

	}

}
