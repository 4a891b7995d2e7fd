package io.apmreports.cli;

import java.io.BufferedReader;
import java.io.Console;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import io.apmreports.failure.UserFacingException;
import io.apmreports.web.security.ConsoleUsers;

/**
 * {@code hash-password}: the hash of a console user's password, to paste into the users
 * file. The password is asked for without echo (twice, against a typing mistake), or read
 * from standard input when piped; it is never printed, logged or an argument, where
 * {@code ps} and the shell's history would keep it.
 */
@Command(name = "hash-password", mixinStandardHelpOptions = true,
		description = { "Prints the bcrypt hash of a password for the console's users file (console.users-file).",
				"Asks for the password without echo, or reads one line from standard input when piped:",
				"  apm-reports hash-password", "  printf '%%s' \"$PASSWORD\" | apm-reports hash-password",
				"Paste the {bcrypt}... line it prints as the user's password: in the users file." })
final class HashPasswordCommand implements Callable<Integer> {

	@Spec
	CommandSpec spec;

	private final Console terminal;

	private final InputStream piped;

	HashPasswordCommand() {
		this(System.console(), System.in);
	}

	HashPasswordCommand(Console terminal, InputStream piped) {
		this.terminal = terminal;
		this.piped = piped;
	}

	@Override
	public Integer call() throws IOException {
		char[] password = terminal != null ? typed() : piped();
		try {
			if (password.length == 0 || new String(password).isBlank()) {
				throw new UserFacingException(
						"no password given: type one when asked, or pipe one line to standard input");
			}
			spec.commandLine().getOut().println(ConsoleUsers.hash(CharBuffer.wrap(password)));
			return ExitCodes.OK;
		}
		finally {
			Arrays.fill(password, '\0');
		}
	}

	private char[] typed() {
		char[] password = orEmpty(terminal.readPassword("Password: "));
		char[] again = orEmpty(terminal.readPassword("The same again: "));
		boolean same = Arrays.equals(password, again);
		Arrays.fill(again, '\0');
		if (!same) {
			Arrays.fill(password, '\0');
			throw new UserFacingException("the two passwords typed differ; nothing printed");
		}
		return password;
	}

	/** The first line of standard input, without its line end. */
	private char[] piped() throws IOException {
		BufferedReader reader = new BufferedReader(new InputStreamReader(piped, StandardCharsets.UTF_8));
		String line = reader.readLine();
		return line == null ? new char[0] : line.toCharArray();
	}

	private static char[] orEmpty(char[] typed) {
		return typed == null ? new char[0] : typed;
	}

}
