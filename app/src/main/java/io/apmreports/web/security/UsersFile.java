package io.apmreports.web.security;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.YAMLException;

import io.apmreports.failure.UserFacingException;
import io.apmreports.web.ConsoleUser;
import io.apmreports.web.Role;

/**
 * The file of console users the operator writes: each user's password hash (bcrypt or
 * argon2, never the password), role and teams, and the API tokens' SHA-256 hashes. Every
 * mistake is one line naming the file and the field.
 *
 * <pre>
 * users:
 *   ana:
 *     password: "{bcrypt}$2a$10$..."
 *     role: launcher
 *     teams: [checkout]
 * tokens:
 *   deploy-bot:
 *     sha256: 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08
 *     role: launcher
 *     teams: [checkout]
 * </pre>
 *
 * @param users each user by name, with the hash of their password
 * @param tokens each token's user, by the token's SHA-256 (lower-case hex)
 */
record UsersFile(Map<String, Login> users, Map<String, ConsoleUser> tokens) {

	private static final Pattern HASH = Pattern
		.compile("\\{(bcrypt|argon2@SpringSecurity_v5_8|argon2)}.+|\\$2[aby]?\\$.+");

	private static final Pattern SHA256 = Pattern.compile("[0-9a-f]{64}");

	private static final Set<String> USER_FIELDS = Set.of("password", "role", "teams", "whole-account");

	private static final Set<String> TOKEN_FIELDS = Set.of("sha256", "role", "teams", "whole-account");

	UsersFile {
		users = Map.copyOf(users);
		tokens = Map.copyOf(tokens);
	}

	/**
	 * A user who signs in with a password.
	 *
	 * @param user who they are
	 * @param passwordHash the hash, with its {@code {bcrypt}} or {@code {argon2}} prefix
	 */
	record Login(ConsoleUser user, String passwordHash) {

		@Override
		public String toString() {
			return user.name();
		}

	}

	static UsersFile read(Path file) {
		Object root;
		try (Reader reader = Files.newBufferedReader(file)) {
			root = new Yaml(new SafeConstructor(new LoaderOptions())).load(reader);
		}
		catch (NoSuchFileException ex) {
			throw new UserFacingException(
					"console users file " + file + " does not exist (setting console.users-file)");
		}
		catch (IOException ex) {
			throw new UserFacingException("console users file " + file + " cannot be read: " + ex.getMessage());
		}
		catch (YAMLException ex) {
			throw new UserFacingException(
					"console users file " + file + " is not YAML: " + ex.getMessage().lines().findFirst().orElse(""));
		}
		Map<String, Object> top = map(file, "the file", root == null ? Map.of() : root);
		for (String key : top.keySet()) {
			if (!key.equals("users") && !key.equals("tokens")) {
				throw new UserFacingException(file + ": unknown field '" + key + "' (users, tokens)");
			}
		}
		Map<String, Login> users = new LinkedHashMap<>();
		map(file, "users", top.getOrDefault("users", Map.of())).forEach((name, fields) -> {
			String where = file + ": users." + name;
			Map<String, Object> user = fields(file, where, fields, USER_FIELDS);
			String hash = text(where + ".password", user.get("password"));
			if (!HASH.matcher(hash).matches()) {
				throw new UserFacingException(where + ".password is not a bcrypt or argon2 hash; write one with "
						+ "'apm-reports hash-password'");
			}
			users.put(name, new Login(consoleUser(name, where, user), hash.startsWith("$") ? "{bcrypt}" + hash : hash));
		});
		Map<String, ConsoleUser> tokens = new LinkedHashMap<>();
		map(file, "tokens", top.getOrDefault("tokens", Map.of())).forEach((name, fields) -> {
			String where = file + ": tokens." + name;
			Map<String, Object> token = fields(file, where, fields, TOKEN_FIELDS);
			String sha256 = text(where + ".sha256", token.get("sha256")).toLowerCase(Locale.ROOT);
			if (!SHA256.matcher(sha256).matches()) {
				throw new UserFacingException(
						where + ".sha256 is not a SHA-256 in hex (64 characters): 'sha256sum' of the token");
			}
			tokens.put(sha256, consoleUser(name, where, token));
		});
		return new UsersFile(users, tokens);
	}

	private static ConsoleUser consoleUser(String name, String where, Map<String, Object> fields) {
		Role role = Role.parse(text(where + ".role", fields.get("role")), where + ".role");
		Object teams = fields.getOrDefault("teams", List.of());
		if (!(teams instanceof List<?> list)) {
			throw new UserFacingException(where + ".teams is not a list of team names: [checkout, storefront]");
		}
		Object whole = fields.getOrDefault("whole-account", false);
		if (!(whole instanceof Boolean wholeAccount)) {
			throw new UserFacingException(where + ".whole-account '" + whole + "' is not true or false");
		}
		return new ConsoleUser(name, role, Set.copyOf(list.stream().map(String::valueOf).toList()), wholeAccount);
	}

	private static Map<String, Object> fields(Path file, String where, Object value, Set<String> known) {
		Map<String, Object> fields = map(file, where, value);
		for (String key : fields.keySet()) {
			if (!known.contains(key)) {
				throw new UserFacingException(where + ": unknown field '" + key + "' ("
						+ String.join(", ", known.stream().sorted().toList()) + ")");
			}
		}
		return fields;
	}

	@SuppressWarnings("unchecked")
	private static Map<String, Object> map(Path file, String where, Object value) {
		if (!(value instanceof Map<?, ?> map)) {
			throw new UserFacingException(file + ": " + where + " is not a map of names to fields");
		}
		Map<String, Object> named = new LinkedHashMap<>();
		map.forEach((key, field) -> named.put(String.valueOf(key), field));
		return named;
	}

	private static String text(String where, Object value) {
		if (value == null || String.valueOf(value).isBlank()) {
			throw new UserFacingException(where + " is missing");
		}
		return String.valueOf(value).strip();
	}

}
