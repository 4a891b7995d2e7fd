package io.apmreports.failure;

import java.nio.file.FileSystemException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A write refused because the disk is full, told in one line that names the place. The
 * operating system says so only in its words ("No space left on device", "Disk quota
 * exceeded", Windows' "not enough space on the disk"), which Java keeps as the message of
 * a plain {@code IOException}; the place is the file a {@link FileSystemException} names,
 * else one a database quotes, else the one the caller knows it was writing.
 */
public final class FullDisk {

	private static final Pattern OS_WORDS = Pattern
		.compile("no space left on device|disk quota exceeded|not enough space on the disk");

	/** A path as H2 quotes the file it failed to write. */
	private static final Pattern QUOTED_FILE = Pattern.compile("\"(/[^\"]+|[A-Za-z]:\\\\[^\"]+)\"");

	private FullDisk() {
	}

	/** Whether {@code failure} is, or was caused by, a write to a full disk. */
	public static boolean in(Throwable failure) {
		return Failures.first(failure, FullDisk::said).isPresent();
	}

	/**
	 * The line for a user when {@code failure} is a full disk: the place the failure
	 * names, or {@code writing} when it names none.
	 */
	public static Optional<String> describe(Throwable failure, Path writing) {
		if (!in(failure)) {
			return Optional.empty();
		}
		Optional<String> named = place(failure);
		return Optional.of(line(named.orElse(writing == null ? null : writing.toString())));
	}

	/** The line for a user when {@code failure} is a full disk, naming what it names. */
	public static Optional<String> describe(Throwable failure) {
		return describe(failure, null);
	}

	/** The one line: the disk is full, where, and what to do. */
	public static String line(String place) {
		return "the disk is full" + (place == null ? "" : " (no space left to write " + place + ")")
				+ ": free some space and launch the command again (a run continues where it stopped)";
	}

	private static boolean said(Throwable failure) {
		String message = failure.getMessage();
		return message != null && OS_WORDS.matcher(message.toLowerCase(Locale.ROOT)).find();
	}

	private static Optional<String> place(Throwable failure) {
		Optional<String> file = Failures
			.first(failure, ex -> ex instanceof FileSystemException fs && fs.getFile() != null)
			.map(ex -> ((FileSystemException) ex).getFile());
		if (file.isPresent()) {
			return file;
		}
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			Matcher quoted = cause.getMessage() == null ? null : QUOTED_FILE.matcher(cause.getMessage());
			if (quoted != null && quoted.find()) {
				return Optional.of(quoted.group(1));
			}
		}
		return Optional.empty();
	}

}
