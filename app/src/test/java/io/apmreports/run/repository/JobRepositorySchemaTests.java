package io.apmreports.run.repository;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLSyntaxErrorException;

import org.flywaydb.core.api.CoreErrorCode;
import org.flywaydb.core.api.ErrorDetails;
import org.flywaydb.core.api.FlywayException;
import org.flywaydb.core.api.exception.FlywayValidateException;
import org.junit.jupiter.api.Test;

/** Flyway's failures said in one line. */
class JobRepositorySchemaTests {

	@Test
	void aFailedStatementIsFlywaysLineAndTheDatabasesWithoutTheStatement() {
		// given a failure as Flyway reports it, with H2's reason, which ends with the
		// statement
		FlywayException failure = new FlywayException(
				"Failed to execute script V3__notes.sql\n"
						+ "-------------------------------------\nSQL State  : 42S02\nLine       : 1\n",
				new SQLSyntaxErrorException("Table \"NOTES\" not found; SQL statement:\n"
						+ "ALTER TABLE NOTES ADD COLUMN NOTE VARCHAR(100) [42102-240]"));

		// when
		String reason = JobRepositorySchema.reason(failure);

		// then
		assertThat(reason).isEqualTo("Failed to execute script V3__notes.sql: Table \"NOTES\" not found");
	}

	@Test
	void aFailedValidationIsItsFirstFinding() {
		// given a repository migrated by a later version than this one
		FlywayException failure = new FlywayValidateException(
				new ErrorDetails(CoreErrorCode.VALIDATE_ERROR, "Migrations have failed validation"),
				"Detected applied migration not resolved locally: 3.\nIf you removed this migration intentionally, "
						+ "run repair to mark the migration as deleted.");

		// when
		String reason = JobRepositorySchema.reason(failure);

		// then
		assertThat(reason).isEqualTo("Validate failed: Migrations have failed validation: "
				+ "Detected applied migration not resolved locally: 3.");
	}

	@Test
	void anyOtherFailureIsFlywaysFirstLine() {
		// given
		FlywayException failure = new FlywayException("Unable to baseline schema history table "
				+ "\"public\".\"flyway_schema_history\" as it already contains migrations\nNeed to reset your baseline?");

		// when
		String reason = JobRepositorySchema.reason(failure);

		// then
		assertThat(reason).isEqualTo(
				"Unable to baseline schema history table \"public\".\"flyway_schema_history\" as it already contains migrations");
	}

}
