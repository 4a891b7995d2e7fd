package io.apmreports.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.util.Locale;
import java.util.stream.Stream;

import io.apmreports.web.ConsoleProperties;
import io.apmreports.web.security.ConsoleUsers;
import io.apmreports.web.security.DemoUsers;

/**
 * What {@code scheduler} and {@code serve} check and tell of the console they serve.
 */
final class Console {

	private static final String OIDC = "spring.security.oauth2.client.registration.";

	private Console() {
	}

	/**
	 * Whether anyone could sign in to the console: a users file (refused, before anything
	 * starts, with a mistake in it) or an OpenID Connect provider. True when only the
	 * context can tell.
	 */
	static boolean canSignIn(BeforeSpring.Bound settings) {
		ConsoleProperties console = settings.get(ConsoleProperties.class);
		if (console == null) {
			return true;
		}
		if (Files.exists(console.usersFile())) {
			ConsoleUsers.check(console.usersFile());
			return true;
		}
		return providerGiven(settings);
	}

	/** Why no console is served, in one line. */
	static String noSignIn(BeforeSpring.Bound settings) {
		ConsoleProperties console = settings.get(ConsoleProperties.class);
		return "no one could sign in to the console: there is no users file " + console.usersFile()
				+ " (setting console.users-file) and no OpenID Connect provider "
				+ "(spring.security.oauth2.client.registration.*); write the file as docs/console.md shows, "
				+ "or try the console with --demo";
	}

	private static boolean providerGiven(BeforeSpring.Bound settings) {
		return Stream
			.concat(settings.given().keySet().stream(),
					System.getenv().keySet().stream().map(name -> name.toLowerCase(Locale.ROOT).replace('_', '.')))
			.anyMatch(name -> name.startsWith(OIDC));
	}

	/** Where the console is, and the demo's users to sign in as. */
	static void tell(SpringSession spring, PrintWriter out) {
		spring.serverUrl().ifPresent(url -> out.println("Console at " + url));
		var logins = spring.bean(ConsoleUsers.class).demoLogins();
		if (!logins.isEmpty()) {
			out.println("Demo users (passwords made for this start):");
			for (DemoUsers.Login login : logins) {
				out.printf("  %-16s %-16s %s, %s%n", login.user().name(), login.password(), login.user().role().word(),
						login.user().teamsText());
			}
		}
	}

}
