package io.apmreports.web;

import java.time.Clock;
import java.time.Instant;
import java.util.List;

import org.springframework.core.convert.support.DefaultConversionService;
import org.springframework.jdbc.core.DataClassRowMapper;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

import io.apmreports.run.KeptWithRun;

/**
 * What console users did to runs, who and when, in a table of the job repository: every
 * node's console shows the same. Read by job instance, so that a run shows the actions on
 * all the attempts of its report and range.
 */
@Component
public class ActionLog implements KeptWithRun {

	private static final String INSTANCE = """
			SELECT JOB_INSTANCE_ID FROM BATCH_JOB_EXECUTION WHERE JOB_EXECUTION_ID = ?""";

	private static final String INSERT = """
			INSERT INTO APM_CONSOLE_ACTION (JOB_INSTANCE_ID, JOB_EXECUTION_ID, KIND, WHO, DETAIL, DONE_AT)
			VALUES (?, ?, ?, ?, ?, ?)""";

	private static final String OF_RUN = """
			SELECT JOB_EXECUTION_ID AS RUN_ID, KIND, WHO, DETAIL, DONE_AT FROM APM_CONSOLE_ACTION
			WHERE JOB_INSTANCE_ID = (SELECT JOB_INSTANCE_ID FROM BATCH_JOB_EXECUTION WHERE JOB_EXECUTION_ID = ?)
			ORDER BY ID""";

	private static final String FORGET = "DELETE FROM APM_CONSOLE_ACTION WHERE JOB_INSTANCE_ID = ?";

	/** What a user may do to a run that is recorded. */
	public enum Kind {

		LAUNCH, RESEND, RESTART, ABANDON

	}

	/**
	 * One action on a run.
	 *
	 * @param runId the run (attempt) it was taken on, or that it started
	 * @param kind what it was
	 * @param who the user (or token) that took it
	 * @param detail what exactly, in words: the range, the recipients, the answer
	 * @param doneAt when
	 */
	public record Action(long runId, Kind kind, String who, String detail, Instant doneAt) {
	}

	private static final int WHO_LENGTH = 200;

	private static final int DETAIL_LENGTH = 2000;

	private final JdbcTemplate jdbc;

	private final TransactionTemplate ownTransaction;

	private final Clock clock;

	private final DataClassRowMapper<Action> rows;

	ActionLog(JdbcTemplate jdbc, PlatformTransactionManager transactionManager, Clock clock) {
		this.jdbc = jdbc;
		this.clock = clock;
		// committed at once: an action taken stays recorded whatever its run does next
		this.ownTransaction = new TransactionTemplate(transactionManager);
		this.ownTransaction.setPropagationBehavior(TransactionDefinition.PROPAGATION_REQUIRES_NEW);
		DefaultConversionService conversions = new DefaultConversionService();
		conversions.addConverter(String.class, Instant.class, Instant::parse);
		this.rows = new DataClassRowMapper<>(Action.class);
		this.rows.setConversionService(conversions);
	}

	/** Records that {@code who} took this action on run {@code runId}, now. */
	public void record(long runId, Kind kind, String who, String detail) {
		ownTransaction.executeWithoutResult(status -> {
			Long instance = jdbc.queryForObject(INSTANCE, Long.class, runId);
			jdbc.update(INSERT, instance, runId, kind.name(), cut(who, WHO_LENGTH), cut(detail, DETAIL_LENGTH),
					clock.instant().toString());
		});
	}

	/**
	 * The actions on the run {@code runId} and on every other attempt of its report and
	 * range, oldest first.
	 */
	public List<Action> of(long runId) {
		return jdbc.query(OF_RUN, rows, runId);
	}

	/** A run removed ({@code report.keep-for}) takes its console actions with it. */
	@Override
	public void forget(long instanceId) {
		jdbc.update(FORGET, instanceId);
	}

	/** The text, cut to what its column holds. */
	static String cut(String text, int length) {
		return text.length() <= length ? text : text.substring(0, length - 1) + "…";
	}

}
