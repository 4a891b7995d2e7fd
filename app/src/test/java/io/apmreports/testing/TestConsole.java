package io.apmreports.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.Environment;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;
import org.springframework.security.crypto.password.PasswordEncoder;

import io.apmreports.ApmReportsApplication;

/**
 * The console as {@code serve} starts it, in this JVM, on a free loopback port: against
 * the test's sandbox, with the users a test writes to its users file.
 * <p>
 * {@code try (TestConsole console = TestConsole.start(sandbox.arguments(workDir),
 * usersFile)) {...}}
 */
public final class TestConsole implements AutoCloseable {

	private static final PasswordEncoder ENCODER = PasswordEncoderFactories.createDelegatingPasswordEncoder();

	private final ConfigurableApplicationContext context;

	private TestConsole(ConfigurableApplicationContext context) {
		this.context = context;
	}

	/**
	 * A console with these settings (the sandbox's, mail, output directory...) and this
	 * users file.
	 */
	public static TestConsole start(List<String> settings, Path usersFile) {
		return start(settings, usersFile, new ApplicationContextInitializer<?>[0]);
	}

	/**
	 * A console as above, its context first given to {@code initializers} (to put a clock
	 * the test moves in place of the application's, say).
	 */
	public static TestConsole start(List<String> settings, Path usersFile,
			ApplicationContextInitializer<?>... initializers) {
		List<String> arguments = new ArrayList<>(settings);
		arguments.addAll(List.of("--server.port=0", "--console.users-file=" + usersFile));
		return new TestConsole(new SpringApplicationBuilder(ApmReportsApplication.class).profiles("console")
			.initializers(initializers)
			.logStartupInfo(false)
			.registerShutdownHook(false)
			.run(arguments.toArray(String[]::new)));
	}

	/**
	 * A user of the users file: a name, a password (written hashed), a role and teams.
	 */
	public record User(String name, String password, String role, List<String> teams, boolean wholeAccount) {

		public User(String name, String password, String role, String... teams) {
			this(name, password, role, List.of(teams), false);
		}

	}

	/**
	 * A token of the users file: the token itself (written as its SHA-256), a role and
	 * teams.
	 */
	public record Token(String name, String token, String role, List<String> teams) {
	}

	/** Writes a users file of these users and tokens, passwords hashed with bcrypt. */
	public static Path usersFile(Path file, List<User> users, List<Token> tokens) throws IOException {
		StringBuilder yaml = new StringBuilder("users:\n");
		for (User user : users) {
			yaml.append("  ").append(user.name()).append(":\n");
			yaml.append("    password: \"").append(ENCODER.encode(user.password())).append("\"\n");
			yaml.append("    role: ").append(user.role()).append('\n');
			yaml.append("    teams: [").append(String.join(", ", user.teams())).append("]\n");
			yaml.append("    whole-account: ").append(user.wholeAccount()).append('\n');
		}
		yaml.append(tokens.isEmpty() ? "" : "tokens:\n");
		for (Token token : tokens) {
			yaml.append("  ").append(token.name()).append(":\n");
			yaml.append("    sha256: ").append(sha256(token.token())).append('\n');
			yaml.append("    role: ").append(token.role()).append('\n');
			yaml.append("    teams: [").append(String.join(", ", token.teams())).append("]\n");
		}
		return Files.writeString(file, yaml);
	}

	/** The token's SHA-256 in hex, as the users file keeps it. */
	public static String sha256(String token) {
		try {
			return HexFormat.of()
				.formatHex(MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8)));
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/** {@code http://127.0.0.1:PORT/path}. */
	public URI url(String path) {
		Environment environment = context.getEnvironment();
		return URI.create("http://127.0.0.1:" + environment.getProperty("local.server.port") + path);
	}

	public <T> T bean(Class<T> type) {
		return context.getBean(type);
	}

	public ConfigurableApplicationContext context() {
		return context;
	}

	@Override
	public void close() {
		context.close();
	}

}
