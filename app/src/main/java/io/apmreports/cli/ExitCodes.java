package io.apmreports.cli;

import java.sql.SQLException;
import java.util.Optional;

import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.web.server.PortInUseException;
import org.springframework.dao.DataAccessException;
import org.springframework.transaction.TransactionException;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.ParseResult;

import io.apmreports.failure.Failures;
import io.apmreports.failure.RunFailedException;
import io.apmreports.failure.UserFacingException;
import io.apmreports.run.repository.ServedRepository;

/**
 * What a command's failure is to the user: one line on standard error, and an exit code
 * that says whose it is, the input's (2) or the run's (1). Frameworks and drivers are
 * known here by their failures.
 */
final class ExitCodes implements IExecutionExceptionHandler {

	static final int OK = 0;

	static final int RUN_FAILED = 1;

	static final int BAD_INPUT = 2;

	private static final String FILE_LOCKED = "The file is locked: ";

	static final String SERVER_GONE = "the apm-reports process that served the job repository (a scheduler or "
			+ "another command) stopped while this command used it: launch the command again (a run continues from "
			+ "its last chunk)";

	@Override
	public int handleExecutionException(Exception ex, CommandLine commandLine, ParseResult parseResult) {
		Verdict verdict = verdict(ex);
		commandLine.getErr().println("apm-reports: " + verdict.message());
		return verdict.exitCode();
	}

	static Verdict verdict(Throwable ex) {
		// first: a run that could not start or finish tells it as its own failure, which
		// this was not; and only once the server has truly gone
		if (ServedRepository.gone() && Failures
			.first(ex,
					cause -> cause instanceof SQLException || cause instanceof DataAccessException
							|| cause instanceof TransactionException)
			.isPresent()) {
			return new Verdict(RUN_FAILED, SERVER_GONE);
		}
		UserFacingException userFacing = Failures.find(ex, UserFacingException.class).orElse(null);
		if (userFacing != null) {
			return new Verdict(userFacing instanceof RunFailedException ? RUN_FAILED : BAD_INPUT,
					userFacing.getMessage());
		}
		BindException badSetting = Failures.find(ex, BindException.class).orElse(null);
		if (badSetting != null) {
			return new Verdict(BAD_INPUT, BadSetting.describe(badSetting));
		}
		String lockedFile = lockedJobRepository(ex).orElse(null);
		if (lockedFile != null) {
			return new Verdict(RUN_FAILED, "the job repository " + lockedFile + " is in use by another apm-reports "
					+ "command: the H2 file takes one process at a time (a scheduler shares it with the commands run "
					+ "beside it); wait for it, give this command another --report.data-dir, or share a PostgreSQL job "
					+ "repository (profile postgres)");
		}
		PortInUseException portInUse = Failures.find(ex, PortInUseException.class).orElse(null);
		if (portInUse != null) {
			// the console's port and the management port fail alike: name both settings
			return new Verdict(BAD_INPUT, "port " + portInUse.getPort() + " is in use by another program: give the "
					+ "console another with --server.port=PORT (SERVER_PORT), or health and metrics another with "
					+ "--management.server.port=PORT (MANAGEMENT_SERVER_PORT), whichever is " + portInUse.getPort());
		}
		SQLException unreachable = unreachableDatabase(ex).orElse(null);
		if (unreachable != null) {
			return new Verdict(RUN_FAILED,
					"the job repository's database cannot be reached: " + Failures.firstLine(unreachable.getMessage())
							+ " (check spring.datasource.url, or APM_REPORTS_DB_URL with the postgres profile)");
		}
		return new Verdict(RUN_FAILED, Failures.forUser(ex));
	}

	/**
	 * The failure to connect to the job repository's database (SQLSTATE class 08), if
	 * that is what went wrong.
	 */
	static Optional<SQLException> unreachableDatabase(Throwable ex) {
		return Failures.find(ex, SQLException.class)
			.filter(sql -> sql.getSQLState() != null && sql.getSQLState().startsWith("08") && sql.getMessage() != null);
	}

	/**
	 * The H2 file another process holds, when that is why the job repository could not be
	 * opened.
	 */
	static Optional<String> lockedJobRepository(Throwable ex) {
		// H2 is only on the runtime class path: its exception is known by its message,
		// "The file is locked: <file>"
		return Failures.first(ex, cause -> cause.getMessage() != null && cause.getMessage().startsWith(FILE_LOCKED))
			.map(cause -> cause.getMessage().substring(FILE_LOCKED.length()).replaceFirst(" \\[.*$", "").trim());
	}

	/**
	 * What to tell the user, and how to exit.
	 *
	 * @param exitCode {@link #RUN_FAILED} or {@link #BAD_INPUT}
	 * @param message the one line, without the {@code apm-reports: } before it
	 */
	record Verdict(int exitCode, String message) {
	}

}
