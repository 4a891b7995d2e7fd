package io.apmreports.web.security;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.springframework.security.core.authority.AuthorityUtils;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetails;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.core.userdetails.UsernameNotFoundException;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;
import org.springframework.security.crypto.password.PasswordEncoder;

import io.apmreports.web.ConsoleProperties;
import io.apmreports.web.ConsoleUser;

/**
 * The console's users and tokens: those of the users file, or, with {@code --demo}, a
 * user of each role with passwords made at start. Read once, at start.
 */
public final class ConsoleUsers implements UserDetailsService {

	private final UsersFile file;

	private final List<DemoUsers.Login> demoLogins;

	private ConsoleUsers(UsersFile file, List<DemoUsers.Login> demoLogins) {
		this.file = file;
		this.demoLogins = List.copyOf(demoLogins);
	}

	/**
	 * The users of the file, none where there is no file (an OpenID Connect login may
	 * still let people in), or the demo's.
	 */
	static ConsoleUsers of(ConsoleProperties properties, boolean demo, PasswordEncoder encoder) {
		if (demo) {
			List<DemoUsers.Login> logins = DemoUsers.logins();
			return new ConsoleUsers(DemoUsers.file(logins, encoder), logins);
		}
		if (!Files.exists(properties.usersFile())) {
			return new ConsoleUsers(new UsersFile(Map.of(), Map.of()), List.of());
		}
		return new ConsoleUsers(UsersFile.read(properties.usersFile()), List.of());
	}

	/**
	 * Reads the users file as the console will, to refuse a mistake in it before start.
	 */
	public static void check(Path usersFile) {
		UsersFile.read(usersFile);
	}

	static PasswordEncoder passwordEncoder() {
		return PasswordEncoderFactories.createDelegatingPasswordEncoder();
	}

	/**
	 * A password's hash as the users file takes it: bcrypt, with its {@code {bcrypt}}
	 * prefix.
	 */
	public static String hash(CharSequence password) {
		return passwordEncoder().encode(password);
	}

	/** Whether anyone can sign in with a password. */
	public boolean any() {
		return !file.users().isEmpty();
	}

	/** The demo's users with their passwords, to print at start; none but with --demo. */
	public List<DemoUsers.Login> demoLogins() {
		return demoLogins;
	}

	@Override
	public UserDetails loadUserByUsername(String username) {
		UsersFile.Login login = file.users().get(username);
		if (login == null) {
			throw new UsernameNotFoundException("no such user");
		}
		return new SignedInUser(login.user(), login.passwordHash());
	}

	/** The user a token stands for, if it is one of the file's. */
	Optional<ConsoleUser> byToken(String token) {
		return Optional.ofNullable(file.tokens().get(sha256(token)));
	}

	static String sha256(String token) {
		try {
			return HexFormat.of()
				.formatHex(MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8)));
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("every Java has SHA-256", ex);
		}
	}

	/** A user signed in with a password: the console user it is. */
	static final class SignedInUser extends User implements Signed {

		private final ConsoleUser user;

		SignedInUser(ConsoleUser user, String passwordHash) {
			super(user.name(), passwordHash, AuthorityUtils.createAuthorityList(user.role().authority()));
			this.user = user;
		}

		@Override
		public ConsoleUser user() {
			return user;
		}

		@Override
		public boolean equals(Object other) {
			return super.equals(other);
		}

		@Override
		public int hashCode() {
			return super.hashCode();
		}

	}

}
