package io.apmreports.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.batch.core.job.UnexpectedJobExecutionException;
import org.springframework.batch.core.launch.JobInstanceAlreadyCompleteException;
import org.springframework.batch.core.launch.JobRestartException;
import org.springframework.dao.CannotAcquireLockException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.dao.PessimisticLockingFailureException;
import org.springframework.jdbc.UncategorizedSQLException;

class ExclusiveLaunchTests {

	static Stream<Arguments> failures() {
		return Stream.of(
				// PostgreSQL refusing to serialise two nodes' job repository
				// transactions, however Spring wraps it
				Arguments.of("serialization failure",
						new UncategorizedSQLException("insert", "INSERT ...",
								new SQLException("could not serialize access", "40001")),
						true),
				Arguments.of("deadlock",
						new CannotAcquireLockException("deadlock", new SQLException("deadlock detected", "40P01")),
						true),
				Arguments.of("pessimistic locking", new PessimisticLockingFailureException("lock"), true),
				// not a conflict to try again: under the lock a duplicate is a bug to
				// report, not a race to hide
				Arguments.of("duplicate key", new DuplicateKeyException("duplicate"), false),
				Arguments.of("integrity", new DataIntegrityViolationException("null"), false),
				Arguments.of("other SQL state",
						new UncategorizedSQLException("insert", "INSERT ...",
								new SQLException("relation does not exist", "42P01")),
						false),
				Arguments.of("plain failure", new IllegalStateException("boom"), false));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("failures")
	void onlySerializationConflictsAreTriedAgain(String name, RuntimeException failure, boolean conflict) {
		assertThat(ExclusiveLaunch.isSerializationConflict(new RuntimeException("wrapped", failure)))
			.isEqualTo(conflict);
	}

	static Stream<Arguments> refusals() {
		return Stream.of(
				Arguments.of(new JobInstanceAlreadyCompleteException("A job instance already exists and is complete"),
						"it completed or was abandoned meanwhile"),
				Arguments.of(new JobRestartException("JobInstance already exists and is not restartable"),
						"its last attempt cannot be continued"),
				Arguments.of(
						new UnexpectedJobExecutionException("Illegal state (only happens on a race condition): "
								+ "job execution already running with name=report"),
						"unexpected error (details in the log file)"),
				Arguments.of(new IllegalStateException("JobExecution must not be null"),
						"unexpected error (details in the log file)"));
	}

	@ParameterizedTest(name = "{1}")
	@MethodSource("refusals")
	void aRefusedLaunchIsSaidInTheProjectsWords(Exception refusal, String expected) {
		// when
		String why = ExclusiveLaunch.whyNotStarted(new IllegalStateException("wrapped", refusal));

		// then
		assertThat(why).startsWith(expected)
			.doesNotContain("Job")
			.doesNotContain("Exception")
			.doesNotContain("Illegal");
	}

}
