package io.apmreports.failure;

import java.util.Optional;
import java.util.function.Predicate;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.NestedExceptionUtils;

/**
 * What the code asks of a failure's chain of causes: whether it holds a certain kind, and
 * how to say it in one line. One place for the walk down {@code getCause()}, which every
 * room's failure handling needs.
 */
public final class Failures {

	/** What the user reads of a failure that is not theirs to act on. */
	static final String UNEXPECTED = "unexpected error (details in the log file)";

	/**
	 * Outside io.apmreports, so that it goes to the log file only and the console keeps
	 * its one line.
	 */
	private static final Logger LOG_FILE_ONLY = LoggerFactory.getLogger("apm-reports.failures");

	private Failures() {
	}

	/**
	 * The first failure in the chain of {@code failure} (itself included) of the given
	 * type.
	 */
	public static <T extends Throwable> Optional<T> find(Throwable failure, Class<T> type) {
		return first(failure, type::isInstance).map(type::cast);
	}

	/**
	 * The first failure in the chain of {@code failure} (itself included) that matches.
	 */
	public static Optional<Throwable> first(Throwable failure, Predicate<Throwable> test) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (test.test(cause)) {
				return Optional.of(cause);
			}
		}
		return Optional.empty();
	}

	/**
	 * The innermost cause of {@code failure}: what the network, the database or the
	 * server said.
	 */
	public static Throwable root(Throwable failure) {
		Throwable root = NestedExceptionUtils.getRootCause(failure);
		return root == null ? failure : root;
	}

	/** What the console says of a failure it cannot name: see the log file. */
	public static String unexpected() {
		return UNEXPECTED;
	}

	/**
	 * One line for the user about a failure: the message of a {@link UserFacingException}
	 * in its chain, or else a pointer to the log file, where the failure goes in full. A
	 * framework's or driver's own text never reaches the console: it names classes and
	 * parameters a user cannot act on.
	 */
	public static String forUser(Throwable failure) {
		Optional<UserFacingException> userFacing = find(failure, UserFacingException.class);
		if (userFacing.isPresent()) {
			return userFacing.get().getMessage();
		}
		LOG_FILE_ONLY.error("Unexpected error", failure);
		// whoever meets a full disk, the user's remedy is the same: space
		return FullDisk.describe(failure).orElse(UNEXPECTED);
	}

	/**
	 * The first line of a failure's message, or its type when it has none: for a console
	 * of one line per error.
	 */
	public static String summary(Throwable failure) {
		String line = firstLine(failure.getMessage());
		return line.isEmpty() ? failure.getClass().getSimpleName() : line;
	}

	/**
	 * The classes of a failure's chain, outermost first, for the log: what happened
	 * without the messages, which may carry a URL.
	 */
	public static String classes(Throwable failure) {
		StringBuilder chain = new StringBuilder();
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			chain.append(chain.isEmpty() ? "" : " < ").append(cause.getClass().getName());
		}
		return chain.toString();
	}

	/** The first line of {@code text}, trimmed; empty for none. */
	public static String firstLine(String text) {
		return text == null ? "" : text.lines().findFirst().orElse("").trim();
	}

}
