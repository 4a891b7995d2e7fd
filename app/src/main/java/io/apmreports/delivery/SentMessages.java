package io.apmreports.delivery;

import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The messages a report run has sent, keyed by job instance so that every attempt of a
 * run sees them: a restart sends only to the recipients that have no row here; and the
 * notices of failed scheduled fires, keyed by schedule and fire time.
 */
@Component
public class SentMessages {

	private final JdbcTemplate jdbc;

	private final TransactionTemplate ownTransaction;

	public SentMessages(JdbcTemplate jdbc, PlatformTransactionManager transactionManager) {
		this.jdbc = jdbc;
		this.ownTransaction = new TransactionTemplate(transactionManager);
		this.ownTransaction.setPropagationBehavior(TransactionDefinition.PROPAGATION_REQUIRES_NEW);
	}

	/** Forgets what a run sent, as the run itself is removed. */
	public void forget(long instanceId) {
		jdbc.update("DELETE FROM APM_REPORT_DELIVERY WHERE JOB_INSTANCE_ID = ?", instanceId);
	}

	/** The recipients a run has sent its report to, in lower case. */
	public Set<String> recipients(long instanceId) {
		return new HashSet<>(jdbc.queryForList("SELECT RECIPIENT FROM APM_REPORT_DELIVERY WHERE JOB_INSTANCE_ID = ?",
				String.class, instanceId));
	}

	/**
	 * One message a run sent.
	 *
	 * @param recipient the recipient's key: an address in lower case, or
	 * {@code slack:NAME}
	 * @param messageId the message's id
	 * @param sentAt when it went
	 */
	public record Sent(String recipient, String messageId, Instant sentAt) {
	}

	/** The messages a run has sent, the earliest first. */
	public List<Sent> sent(long instanceId) {
		return jdbc.query(
				"SELECT RECIPIENT, MESSAGE_ID, SENT_AT FROM APM_REPORT_DELIVERY WHERE JOB_INSTANCE_ID = ? "
						+ "ORDER BY SENT_AT, RECIPIENT",
				(row, number) -> new Sent(row.getString(1), row.getString(2), Instant.parse(row.getString(3))),
				instanceId);
	}

	/**
	 * The recipients told of a failure, by the notice's key ({@code schedule|fire time}).
	 */
	public Set<String> noticeRecipients(String noticeKey) {
		return new HashSet<>(jdbc.queryForList("SELECT RECIPIENT FROM APM_REPORT_NOTICE WHERE NOTICE_KEY = ?",
				String.class, noticeKey));
	}

	/** Records a notice sent, committed at once, as a message is. */
	public void recordNotice(String noticeKey, String recipient, Instant sentAt) {
		ownTransaction.executeWithoutResult(
				status -> jdbc.update("INSERT INTO APM_REPORT_NOTICE (NOTICE_KEY, RECIPIENT, SENT_AT) VALUES (?, ?, ?)",
						noticeKey, recipient.toLowerCase(Locale.ROOT), sentAt.toString()));
	}

	/**
	 * Records a message sent, committed at once in a transaction of its own: not with the
	 * step's, which could still fail to commit after the message has gone.
	 */
	public void record(long instanceId, String recipient, String messageId, Instant sentAt) {
		ownTransaction.executeWithoutResult(status -> jdbc.update(
				"INSERT INTO APM_REPORT_DELIVERY (JOB_INSTANCE_ID, RECIPIENT, MESSAGE_ID, SENT_AT) "
						+ "VALUES (?, ?, ?, ?)",
				instanceId, recipient.toLowerCase(Locale.ROOT), messageId, sentAt.toString()));
	}

}
