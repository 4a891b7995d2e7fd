package io.apmreports.web.security;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.springframework.security.crypto.password.PasswordEncoder;

import io.apmreports.web.ConsoleUser;
import io.apmreports.web.Role;

/**
 * The demo's console users, one of each role and a team of the demo's schedules each,
 * with passwords made anew at each start and printed, so that nothing guessable guards
 * even a demo.
 */
public final class DemoUsers {

	private static final SecureRandom RANDOM = new SecureRandom();

	private DemoUsers() {
	}

	/**
	 * A demo user and the password to sign in with.
	 *
	 * @param user who they are
	 * @param password their password, made at start
	 */
	public record Login(ConsoleUser user, String password) {

		@Override
		public String toString() {
			return user.name();
		}

	}

	static List<Login> logins() {
		return List.of(login(new ConsoleUser("admin", Role.ADMIN, Set.of(), true)),
				login(new ConsoleUser("checkout-lead", Role.LAUNCHER, Set.of("checkout"), false)),
				login(new ConsoleUser("checkout-viewer", Role.VIEWER, Set.of("checkout"), false)),
				login(new ConsoleUser("finance", Role.VIEWER, Set.of(), true)));
	}

	static UsersFile file(List<Login> logins, PasswordEncoder encoder) {
		Map<String, UsersFile.Login> users = new LinkedHashMap<>();
		logins.forEach(login -> users.put(login.user().name(),
				new UsersFile.Login(login.user(), encoder.encode(login.password()))));
		return new UsersFile(users, Map.of());
	}

	private static Login login(ConsoleUser user) {
		byte[] bytes = new byte[12];
		RANDOM.nextBytes(bytes);
		return new Login(user, Base64.getUrlEncoder().withoutPadding().encodeToString(bytes));
	}

}
