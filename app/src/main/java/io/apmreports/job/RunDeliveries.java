package io.apmreports.job;

import java.io.IOException;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.springframework.stereotype.Component;

import io.apmreports.definition.Recipient;
import io.apmreports.definition.SendWhen;
import io.apmreports.delivery.ReportDelivery;
import io.apmreports.delivery.SentMessages;
import io.apmreports.report.digest.RunDigest;

/**
 * Sends a completed run's report to one recipient and records it at once: the deliver
 * step's unit, and that of {@code deliver <run-id>}, so that both send the same message
 * and neither sends twice what the other sent.
 */
@Component
public class RunDeliveries {

	private final ReportDelivery delivery;

	private final SentMessages sent;

	private final RunDigests digests;

	private final Clock clock;

	RunDeliveries(ReportDelivery delivery, SentMessages sent, RunDigests digests, Clock clock) {
		this.delivery = delivery;
		this.sent = sent;
		this.digests = digests;
		this.clock = clock;
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
		RunDigest digest = digests.of(launched);
		String messageId = delivery.send(digest, recipient);
		sent.record(launched.instanceId(), recipient.key(), messageId, clock.instant());
	}

	/**
	 * Why the run's report is not sent under {@code when}, as {@code runs} and
	 * {@code show} say it ("not sent: no regressions and no failed applications"); empty
	 * when its figures call for sending. Its digest answers, not its tables.
	 */
	public Optional<String> notSent(LaunchedRun launched, SendWhen when) throws IOException {
		return digests.notSent(launched, when);
	}

	/** Checks, before anything is sent, that every recipient can be reached. */
	public void check(List<Recipient> recipients) {
		delivery.check(recipients);
	}

}
