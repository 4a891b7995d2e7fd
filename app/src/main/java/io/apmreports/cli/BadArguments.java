package io.apmreports.cli;

import java.io.PrintWriter;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.MissingParameterException;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * A mistake in the command line itself: one line saying what is wrong, a second with the
 * commands or options meant when a word is misspelt, and exit 2. No usage dump:
 * {@code --help} is one word away.
 */
final class BadArguments implements IParameterExceptionHandler {

	/**
	 * picocli's words for a value that is not of an option's or a parameter's number
	 * type.
	 */
	private static final Pattern NOT_A_NUMBER = Pattern.compile(
			"Invalid value for (?:option '([^']+)'|positional parameter at index \\d+ \\(([^)]+)\\)): '(.*)' is not an? (int|long|double|float)");

	/** The most suggestions a misspelt word gets. */
	private static final int SUGGESTIONS = 3;

	@Override
	public int handleParseException(ParameterException ex, String[] args) {
		PrintWriter err = ex.getCommandLine().getErr();
		err.println("apm-reports: " + message(ex));
		if (ex instanceof UnmatchedArgumentException unmatched) {
			List<String> suggestions = suggestions(unmatched);
			if (!suggestions.isEmpty()) {
				err.println("Did you mean: " + String.join(" or ", suggestions) + "?");
			}
		}
		return ExitCodes.BAD_INPUT;
	}

	static String message(ParameterException ex) {
		CommandSpec command = ex.getCommandLine().getCommandSpec();
		if (ex instanceof UnmatchedArgumentException unmatched) {
			String first = unmatched.getUnmatched().get(0);
			if (unmatched.isUnknownOption()) {
				String name = optionName(first);
				return "unknown option " + name + " for " + command.name()
						+ (command.parent() == null && name.contains(".") ? " (settings go after the command)" : "");
			}
			return command.parent() == null ? "unknown command '" + first + "'" : "unexpected argument '" + first
					+ "' for " + command.name() + "; see 'apm-reports " + command.name() + " --help'";
		}
		if (ex instanceof MissingParameterException missing) {
			ArgSpec arg = missing.getMissing().get(0);
			if (arg instanceof OptionSpec option && !option.required()) {
				return "option " + option.longestName() + " needs a value";
			}
			return command.name() + " needs " + (arg instanceof OptionSpec option
					? option.longestName() + "=" + option.paramLabel() : arg.paramLabel());
		}
		String message = ex.getMessage();
		Matcher notANumber = NOT_A_NUMBER.matcher(message);
		if (notANumber.matches()) {
			// picocli names Java's types ("is not a long"), which a user need not know
			// an option by its name, a parameter in words: <run-id> is "run id"
			String name = notANumber.group(1) != null ? notANumber.group(1)
					: notANumber.group(2).replaceAll("[<>]", "").replace('-', ' ');
			return name + " '" + notANumber.group(3) + "' is not a "
					+ (notANumber.group(4).matches("int|long") ? "whole number" : "number");
		}
		return message.isEmpty() ? message : message.substring(0, 1).toLowerCase(Locale.ROOT) + message.substring(1);
	}

	/**
	 * The commands or options meant, as they would be typed: the closest words a typo or
	 * two away (which picocli does not offer for an option unless its first two letters
	 * are right), then those picocli finds alike.
	 */
	static List<String> suggestions(UnmatchedArgumentException ex) {
		CommandSpec command = ex.getCommandLine().getCommandSpec();
		String typed = ex.isUnknownOption() ? optionName(ex.getUnmatched().get(0)) : ex.getUnmatched().get(0);
		List<String> candidates = known(ex.isUnknownOption(), command);
		int closest = candidates.stream().mapToInt(word -> distance(typed, word)).min().orElse(Integer.MAX_VALUE);
		Set<String> words = new LinkedHashSet<>(closest > Math.min(2, typed.length() / 2) ? List.of()
				: candidates.stream().filter(word -> distance(typed, word) == closest).toList());
		words.addAll(ex.getSuggestions());
		return words.stream().limit(SUGGESTIONS).map(word -> command.qualifiedName() + " " + word).toList();
	}

	/** The names of the command's options, or of its commands. */
	private static List<String> known(boolean options, CommandSpec command) {
		if (options) {
			return command.options()
				.stream()
				.filter(option -> !option.hidden())
				.flatMap(option -> Stream.of(option.names()))
				.toList();
		}
		return command.subcommands()
			.entrySet()
			.stream()
			.filter(subcommand -> !subcommand.getValue().getCommandSpec().usageMessage().hidden())
			.map(Map.Entry::getKey)
			.toList();
	}

	/** {@code --from} of {@code --from=2026-11-09}. */
	private static String optionName(String arg) {
		int equals = arg.indexOf('=');
		return equals < 0 ? arg : arg.substring(0, equals);
	}

	/**
	 * Edits (insertion, deletion, substitution, or swapping two letters) from {@code a}
	 * to {@code b}.
	 */
	static int distance(String a, String b) {
		int[][] d = new int[a.length() + 1][b.length() + 1];
		for (int i = 0; i <= a.length(); i++) {
			d[i][0] = i;
		}
		for (int j = 0; j <= b.length(); j++) {
			d[0][j] = j;
		}
		for (int i = 1; i <= a.length(); i++) {
			for (int j = 1; j <= b.length(); j++) {
				int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
				d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
				if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
					d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
				}
			}
		}
		return d[a.length()][b.length()];
	}

}
