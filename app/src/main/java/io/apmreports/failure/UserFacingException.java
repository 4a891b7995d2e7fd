package io.apmreports.failure;

import java.util.regex.Pattern;

/**
 * A failure caused by what a user gave (a definition, an argument, a setting) or by the
 * outside world, whose message is one clear line for the user. The command line prints it
 * without a stack trace.
 */
public class UserFacingException extends RuntimeException {

	private static final Pattern CONTROL = Pattern.compile("\\p{Cntrl}");

	public UserFacingException(String message) {
		super(oneLine(message));
	}

	public UserFacingException(String message, Throwable cause) {
		super(oneLine(message), cause);
	}

	/**
	 * The message with control characters shown as escapes ({@code \r\n}): a value it
	 * echoes (a recipient with a line break in it) cannot make it two lines, nor move the
	 * terminal's cursor.
	 */
	static String oneLine(String message) {
		return message == null ? null : CONTROL.matcher(message).replaceAll(control -> switch (control.group()) {
			case "\r" -> "\\\\r";
			case "\n" -> "\\\\n";
			case "\t" -> "\\\\t";
			default -> String.format("\\\\u%04x", (int) control.group().charAt(0));
		});
	}

}
