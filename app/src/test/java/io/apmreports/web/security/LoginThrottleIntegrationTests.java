package io.apmreports.web.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.testing.TestConsole;
import io.apmreports.testing.TestSandbox;

/**
 * Guessing a password at the login page, on a console whose clock the test moves: after
 * the free failures each attempt must wait, the right password too, until the wait is
 * over.
 */
class LoginThrottleIntegrationTests {

	@RegisterExtension
	static final TestSandbox sandbox = TestSandbox.of(SandboxOptions.demo("throttle-test-key"));

	@TempDir
	Path workDir;

	@Test
	void twentyWrongPasswordsAreSlowedAndTheRightOneWaitsToo() throws Exception {
		// given a console whose clock the test moves, and cora of its users file
		Path usersFile = TestConsole.usersFile(workDir.resolve("users.yml"),
				List.of(new TestConsole.User("cora", "cora-password", "viewer", "checkout")), List.of());
		List<String> settings = sandbox.arguments(workDir);
		try (TestConsole console = TestConsole.start(settings, usersFile, MovableClock.installed())) {
			Browser browser = new Browser(true);

			// when 19 wrong passwords are given, each once the longest wait is over
			for (int attempt = 1; attempt <= 19; attempt++) {
				MovableClock.NOW.move(Duration.ofMinutes(15));
				assertThat(failure(browser.signIn(console.url("/login"), "cora", "guess-" + attempt)))
					.as("attempt %d", attempt)
					.isEqualTo("Wrong name or password.");
			}
			// and the 20th at once, and then the right one
			String twentieth = failure(browser.signIn(console.url("/login"), "cora", "guess-20"));
			String right = failure(browser.signIn(console.url("/login"), "cora", "cora-password"));

			// then both are refused unchecked, told how long to wait: the longest wait
			assertThat(twentieth).isEqualTo("Too many wrong passwords: try again in 15 minutes.");
			assertThat(right).isEqualTo(twentieth);
			// and once it is over, the right password signs in and clears the count
			MovableClock.NOW.move(Duration.ofMinutes(15));
			HttpResponse<String> signedIn = browser.signIn(console.url("/login"), "cora", "cora-password");
			assertThat(signedIn.uri()).isEqualTo(console.url("/runs"));
			Browser another = new Browser(true);
			assertThat(failure(another.signIn(console.url("/login"), "cora", "guess-21")))
				.isEqualTo("Wrong name or password.");
		}
	}

	@Test
	void theSixthWrongPasswordInARowMakesTheNextAttemptWaitHalfAMinute() throws Exception {
		Path usersFile = TestConsole.usersFile(workDir.resolve("users.yml"),
				List.of(new TestConsole.User("cora", "cora-password", "viewer", "checkout")), List.of());
		List<String> settings = sandbox.arguments(workDir);
		try (TestConsole console = TestConsole.start(settings, usersFile, MovableClock.installed())) {
			Browser browser = new Browser(true);
			for (int attempt = 1; attempt <= 6; attempt++) {
				assertThat(failure(browser.signIn(console.url("/login"), "cora", "guess-" + attempt)))
					.as("attempt %d", attempt)
					.isEqualTo("Wrong name or password.");
			}

			assertThat(failure(browser.signIn(console.url("/login"), "cora", "cora-password")))
				.isEqualTo("Too many wrong passwords: try again in 30 seconds.");
			MovableClock.NOW.move(Duration.ofSeconds(29));
			assertThat(failure(browser.signIn(console.url("/login"), "cora", "cora-password")))
				.isEqualTo("Too many wrong passwords: try again in 1 second.");
			MovableClock.NOW.move(Duration.ofSeconds(1));
			assertThat(browser.signIn(console.url("/login"), "cora", "cora-password").uri())
				.isEqualTo(console.url("/runs"));
		}
	}

	/** The login page's one line about a failed sign-in. */
	private static String failure(HttpResponse<String> page) {
		Matcher line = Pattern.compile("<p class=\"failure\">([^<]*)</p>").matcher(page.body());
		assertThat(line.find()).as("a failure on %s: %s", page.uri(), page.body()).isTrue();
		return line.group(1).replace("&#39;", "'");
	}

}
