package io.apmreports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;

import io.apmreports.web.security.ConsoleUsers;

/**
 * {@code hash-password} with the password piped in, as a script would give it: one line
 * out, the hash the users file takes, and never the password.
 */
class HashPasswordCommandTests {

	@TempDir
	Path workDir;

	@Test
	void aPipedPasswordBecomesABcryptHashTheUsersFileTakes() throws IOException {
		// when a password is piped in
		CliRunner.Result result = piped("correct horse battery\n", "hash-password");

		// then one line is printed: a bcrypt hash of it, which the console accepts
		assertThat(result.exitCode()).as(result.all()).isZero();
		assertThat(result.err()).isEmpty();
		assertThat(result.out().lines()).singleElement().satisfies(hash -> {
			assertThat(hash).startsWith("{bcrypt}$2");
			assertThat(
					PasswordEncoderFactories.createDelegatingPasswordEncoder().matches("correct horse battery", hash))
				.isTrue();
		});
		assertThat(result.all()).doesNotContain("correct horse battery").doesNotContain("horse");
		Path usersFile = Files.writeString(workDir.resolve("users.yml"),
				"users:\n  ana:\n    password: \"" + result.out().strip() + "\"\n    role: viewer\n");
		ConsoleUsers.check(usersFile);
	}

	@Test
	void noPasswordIsOneLineAndExitTwo() {
		CliRunner.Result result = piped("", "hash-password");

		assertThat(result.exitCode()).isEqualTo(2);
		assertThat(result.out()).isEmpty();
		assertThat(result.err().lines())
			.containsExactly("apm-reports: no password given: type one when asked, or pipe one line to standard input");
	}

	@Test
	void itsHelpShowsHowToUseIt() {
		CliRunner.Result result = CliRunner.run("hash-password", "--help");

		assertThat(result.exitCode()).isZero();
		assertThat(result.all()).doesNotContain("WARN").doesNotContain("Could not format");
		assertThat(result.out()).contains("Usage: apm-reports hash-password")
			.contains("printf '%s' \"$PASSWORD\" | apm-reports hash-password");
		assertThat(CliRunner.run("--help").out()).contains("hash-password");
	}

	private static CliRunner.Result piped(String input, String... args) {
		InputStream stdin = System.in;
		System.setIn(new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)));
		try {
			return CliRunner.run(args);
		}
		finally {
			System.setIn(stdin);
		}
	}

}
