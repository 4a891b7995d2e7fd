package io.apmreports.job;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.infrastructure.item.ExecutionContext;

import io.apmreports.failure.Failures;
import io.apmreports.failure.FullDisk;
import io.apmreports.failure.LastingFailure;
import io.apmreports.failure.UserFacingException;
import io.apmreports.source.Accounts;

/**
 * What a run leaves in its job execution context for the commands that tell it later: the
 * files it published and the one line of its failure. The job repository keeps a failure
 * only as a stack trace cut at 2,500 characters, mostly Spring Batch's frames, so the
 * line is kept here.
 */
public final class RunResults {

	private static final String FILES_KEY = "report.files";

	private static final String FAILURE_KEY = "report.failure";

	private static final String IDS_NOT_FOUND_KEY = "report.ids-not-found";

	private static final String NOT_SENT_KEY = "report.not-sent";

	private RunResults() {
	}

	/**
	 * The files a completed run published, in the order it wrote them; none before it
	 * has.
	 */
	public static List<Path> files(JobExecution execution) {
		String files = execution.getExecutionContext().getString(FILES_KEY, "");
		return files.isEmpty() ? List.of() : Arrays.stream(files.split("\n")).map(Path::of).toList();
	}

	/** The name of the step that publishes a run's files. */
	public static String writeStep() {
		return OutputStepsConfiguration.WRITE_FILES;
	}

	public static void putFiles(ExecutionContext context, List<Path> files) {
		context.putString(FILES_KEY, String.join("\n", files.stream().map(Path::toString).toList()));
	}

	/**
	 * The application ids the run's selection named that its account did not list; none
	 * when every one was (or the selection named none).
	 */
	private static List<Long> idsNotFound(JobExecution execution) {
		String ids = execution.getExecutionContext().getString(IDS_NOT_FOUND_KEY, "");
		return ids.isEmpty() ? List.of() : Arrays.stream(ids.split(",")).map(Long::valueOf).toList();
	}

	static void putIdsNotFound(ExecutionContext context, List<Long> ids) {
		context.putString(IDS_NOT_FOUND_KEY, String.join(",", ids.stream().map(String::valueOf).toList()));
	}

	/**
	 * The sentence that tells readers which ids were not found, or {@code null} when all
	 * were.
	 */
	public static String idsNotFoundNote(JobExecution execution, Accounts accounts) {
		List<Long> ids = idsNotFound(execution);
		if (ids.isEmpty()) {
			return null;
		}
		return (ids.size() == 1 ? "Application id " + ids.get(0) + " is"
				: "Application ids " + String.join(", ", ids.stream().map(String::valueOf).toList()) + " are")
				+ " not in " + accounts.describe() + "; the report leaves " + (ids.size() == 1 ? "it" : "them")
				+ " out.";
	}

	/**
	 * Why a completed run sent nothing ("not sent: no regressions ..."), if its condition
	 * held it back.
	 */
	public static Optional<String> notSent(JobExecution execution) {
		return Optional.ofNullable(execution.getExecutionContext().getString(NOT_SENT_KEY, null));
	}

	static void putNotSent(ExecutionContext context, String why) {
		context.putString(NOT_SENT_KEY, why);
	}

	/**
	 * The recipients this attempt of the run failed to deliver to, each with why in one
	 * line, by the recipient's key; none when every one it tried had the report.
	 */
	public static Map<String, String> deliveryFailures(JobExecution execution) {
		Map<String, String> failures = new LinkedHashMap<>();
		execution.getStepExecutions()
			.stream()
			.filter(step -> step.getStepName().equals(OutputStepsConfiguration.DELIVER))
			.flatMap(step -> DeliverTasklet.failures(step).stream())
			.forEach(failure -> failures.put(failure.recipient(), failure.message()));
		return failures;
	}

	/** The failure's line recorded for the run, if any. */
	public static Optional<String> recordedFailure(JobExecution execution) {
		return Optional.ofNullable(execution.getExecutionContext().getString(FAILURE_KEY, null));
	}

	public static void putFailure(ExecutionContext context, String failure) {
		context.putString(FAILURE_KEY, failure);
	}

	/**
	 * The context is carried over from the attempt before: its failure is not the next
	 * attempt's.
	 */
	static void forgetFailure(ExecutionContext context) {
		context.remove(FAILURE_KEY);
	}

	/** Whether the run failed in a way that trying again cannot mend. */
	public static boolean lasting(JobExecution execution) {
		return execution.getAllFailureExceptions().stream().anyMatch(failure -> LastingFailure.in(failure));
	}

	/**
	 * The first failure a user can act on, in one line; anything else points to the log.
	 */
	public static String failureMessage(JobExecution execution) {
		for (Throwable failure : execution.getAllFailureExceptions()) {
			Optional<UserFacingException> userFacing = Failures.find(failure, UserFacingException.class);
			if (userFacing.isPresent()) {
				return userFacing.get().getMessage();
			}
		}
		return execution.getAllFailureExceptions()
			.stream()
			.findFirst()
			.map(ex -> FullDisk.describe(ex).orElse(Failures.unexpected()))
			.orElse("the run ended " + execution.getStatus());
	}

}
