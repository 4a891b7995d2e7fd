package io.apmreports.schedule;

import java.time.Clock;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import io.apmreports.definition.Recipient;
import io.apmreports.definition.ScheduleDefinition;
import io.apmreports.delivery.ReportDelivery;
import io.apmreports.delivery.SentMessages;
import io.apmreports.failure.Failures;
import io.apmreports.failure.UserFacingException;
import io.apmreports.range.TimeRange;
import io.apmreports.run.ReportLauncher;
import io.apmreports.run.ReportOutcome;

/**
 * Tells a schedule's {@code on-failure} recipients of a fire whose run failed: once when
 * it first fails (saying whether and when it is tried again), and once more if it is
 * given up; each with the one-line reason and the command that tries it again. Each
 * notice is recorded as it is sent, so a retry of the same fire, or a scheduler started
 * again, tells nobody twice.
 */
@Component
class FailureNotices {

	private static final Logger log = LoggerFactory.getLogger(FailureNotices.class);

	private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("EEE d MMM yyyy HH:mm", Locale.ENGLISH);

	private final ReportDelivery delivery;

	private final SentMessages sent;

	private final ReportLauncher launcher;

	private final Clock clock;

	FailureNotices(ReportDelivery delivery, SentMessages sent, ReportLauncher launcher, Clock clock) {
		this.delivery = delivery;
		this.sent = sent;
		this.launcher = launcher;
		this.clock = clock;
	}

	/**
	 * Tells of a failed fire: {@code retryAt} when it is tried again, empty when it is
	 * not (a lasting failure, or the catch-up window is past).
	 */
	void failed(ScheduleDefinition schedule, ZonedDateTime fireTime, ReportOutcome outcome,
			Optional<ZonedDateTime> retryAt) {
		if (schedule.onFailure().isEmpty()) {
			return;
		}
		boolean givenUp = retryAt.isEmpty() && !outcome.lasting();
		// a fire that failed for a while, then for good, is told both times
		String key = schedule.name() + "|" + fireTime.toOffsetDateTime()
				+ (outcome.lasting() ? "|lasting" : givenUp ? "|given-up" : "|failed");
		TimeRange range = outcome.range();
		String title = "apm-reports: " + schedule.name() + (givenUp ? " was given up" : " failed") + " for "
				+ range.describe(schedule.zone());
		String text = text(schedule, outcome, retryAt, givenUp);
		Set<String> told = sent.noticeRecipients(key);
		for (String to : schedule.onFailure()) {
			Recipient recipient = Recipient.parse(to);
			if (told.contains(recipient.key())) {
				continue;
			}
			try {
				delivery.notice(key, title, text, recipient);
				sent.recordNotice(key, recipient.key(), clock.instant());
				log.info("Schedule {}: told {} of its failed run", schedule.name(), recipient.key());
			}
			catch (UserFacingException ex) {
				// the failure itself is in the log; a notice that cannot go stops nothing
				log.warn("Schedule {}: the failure notice to {} could not be sent: {}", schedule.name(),
						recipient.key(), Failures.forUser(ex));
			}
		}
	}

	private String text(ScheduleDefinition schedule, ReportOutcome outcome, Optional<ZonedDateTime> retryAt,
			boolean givenUp) {
		String run = outcome.executionId() == null ? "The run" : "Run " + outcome.executionId();
		String again = outcome.executionId() == null
				? "java -jar apm-reports.jar run " + schedule.report() + " --from="
						+ TimeRange.format(outcome.range().from()) + " --to=" + TimeRange.format(outcome.range().to())
						+ " --deliver" + (schedule.team() == null ? "" : " --team=" + schedule.team().name())
				: "java -jar apm-reports.jar " + launcher.restartCommand(outcome.executionId());
		String next;
		if (outcome.lasting()) {
			next = "It is not tried again: trying again cannot mend this. Correct what it names, then run:";
		}
		else if (givenUp) {
			next = "It is not tried again: its fire is past the catch-up window (schedule.catch-up). Once the "
					+ "cause is mended, run:";
		}
		else {
			next = "The scheduler tries it again at "
					+ retryAt.orElseThrow().withZoneSameInstant(schedule.zone()).format(TIME) + " (" + schedule.zone()
					+ "). To try it now, run:";
		}
		return run + " of report " + schedule.report() + " (schedule " + schedule.name() + ") for "
				+ outcome.range().describe(schedule.zone()) + " failed: " + outcome.message() + "\n\n" + next + "\n"
				+ again;
	}

}
