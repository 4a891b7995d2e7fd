package io.apmreports.job;

import java.io.IOException;
import java.util.List;
import java.util.Set;

import org.springframework.batch.core.job.JobExecution;
import org.springframework.stereotype.Component;

import io.apmreports.definition.Recipient;
import io.apmreports.delivery.Attachments;
import io.apmreports.delivery.ReportDelivery;
import io.apmreports.delivery.SentMessages;
import io.apmreports.report.email.ReportEmail;

/**
 * Sends a completed run's report to one recipient and records it at once: the deliver
 * step's unit, and that of {@code deliver <run-id>}, so that both send the same message
 * and neither sends twice what the other sent.
 */
@Component
public class RunDeliveries {

	private final ReportDelivery delivery;

	private final SentMessages sent;

	private final ReportEmails emails;

	RunDeliveries(ReportDelivery delivery, SentMessages sent, ReportEmails emails) {
		this.delivery = delivery;
		this.sent = sent;
		this.emails = emails;
	}

	/** Those of {@code recipients} that have not had the run's report, e-mail first. */
	public List<Recipient> notYetSent(LaunchedRun launched, List<Recipient> recipients) {
		Set<String> done = sent.recipients(launched.instanceId());
		return recipients.stream()
			.filter(recipient -> !done.contains(recipient.key()))
			.sorted((a, b) -> Boolean.compare(!a.isEmail(), !b.isEmail()))
			.toList();
	}

	/** Sends the report to one recipient and records it, committed at once. */
	public void send(LaunchedRun launched, Recipient recipient) throws IOException {
		// files that are gone are not helped by a restart, and say so themselves
		Attachments prepared = emails.attachments(launched);
		try (Attachments attachments = prepared) {
			ReportEmail email = emails.email(launched, attachments.files());
			String messageId = delivery.send(email, recipient);
			sent.record(launched.instanceId(), recipient.key(), messageId, emails.now());
		}
	}

	/** The recipients that have had the run's report, in lower case. */
	public Set<String> sentTo(JobExecution execution) {
		return sent.recipients(execution.getJobInstance().getInstanceId());
	}

	/** Checks, before anything is sent, that every recipient can be reached. */
	public void check(List<Recipient> recipients) {
		delivery.check(recipients);
	}

}
