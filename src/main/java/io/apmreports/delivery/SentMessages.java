package io.apmreports.delivery;

import java.time.Instant;
import java.util.HashSet;
import java.util.Set;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * The messages a report run has sent, keyed by job instance so that every attempt of a run sees them: a restart
 * sends only to the recipients that have no row here.
 */
@Component
public class SentMessages {

	private final JdbcTemplate jdbc;

	SentMessages(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	/** The recipients a run has sent its report to, in lower case. */
	public Set<String> recipients(long instanceId) {
		return new HashSet<>(jdbc.queryForList(
				"SELECT RECIPIENT FROM APM_REPORT_DELIVERY WHERE JOB_INSTANCE_ID = ?", String.class, instanceId));
	}

	/** Records a message sent; in the caller's transaction, which commits right after the message is sent. */
	public void record(long instanceId, String recipient, String messageId, Instant sentAt) {
		jdbc.update("INSERT INTO APM_REPORT_DELIVERY (JOB_INSTANCE_ID, RECIPIENT, MESSAGE_ID, SENT_AT) "
				+ "VALUES (?, ?, ?, ?)", instanceId, recipient.toLowerCase(java.util.Locale.ROOT), messageId,
				sentAt.toString());
	}

}
