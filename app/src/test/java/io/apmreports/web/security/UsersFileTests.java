package io.apmreports.web.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.apmreports.failure.UserFacingException;
import io.apmreports.web.ConsoleUser;
import io.apmreports.web.Role;

/**
 * The users file as the operator writes it: read into users and tokens, and each mistake
 * told in one line naming the file and the field, never echoing a password.
 */
class UsersFileTests {

	private static final String BCRYPT = "$2a$10$7EqJtq98hPqEX7fNZaFWoOhi5BWX4Z3OJzlI2yGl1pLbJ1bOm9NWO";

	private static final String SHA256 = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";

	@TempDir
	Path dir;

	@Test
	void usersAndTokensAreRead() throws IOException {
		// given a file of a user and a token
		Path file = write("""
				users:
				  ana:
				    password: "{bcrypt}%s"
				    role: launcher
				    teams: [checkout, storefront]
				  bo:
				    password: "%s"
				    role: Viewer
				    whole-account: true
				tokens:
				  deploy-bot:
				    sha256: %s
				    role: admin
				""".formatted(BCRYPT, BCRYPT, SHA256.toUpperCase()));

		// when
		UsersFile users = UsersFile.read(file);

		// then
		assertThat(users.users().get("ana").user())
			.isEqualTo(new ConsoleUser("ana", Role.LAUNCHER, Set.of("checkout", "storefront"), false));
		assertThat(users.users().get("ana").passwordHash()).isEqualTo("{bcrypt}" + BCRYPT);
		// a bare bcrypt hash, as htpasswd writes it, is taken as bcrypt
		assertThat(users.users().get("bo").passwordHash()).isEqualTo("{bcrypt}" + BCRYPT);
		assertThat(users.users().get("bo").user()).isEqualTo(new ConsoleUser("bo", Role.VIEWER, Set.of(), true));
		assertThat(users.tokens()).containsEntry(SHA256, new ConsoleUser("deploy-bot", Role.ADMIN, Set.of(), false));
	}

	@ParameterizedTest(name = "{1}")
	@CsvSource(delimiter = '|',
			textBlock = """
					users: {ana: {password: hunter2-plain, role: viewer}}                | users.ana.password is not a bcrypt or argon2 hash; write one with 'apm-reports hash-password'
					users: {ana: {password: '{noop}hunter2-plain', role: viewer}}        | users.ana.password is not a bcrypt or argon2 hash; write one with 'apm-reports hash-password'
					users: {ana: {role: viewer}}                                         | users.ana.password is missing
					users: {ana: {password: '$2a$10$abc', role: boss}}                   | users.ana.role 'boss' is no role: viewer, launcher or admin
					users: {ana: {password: '$2a$10$abc'}}                               | users.ana.role is missing
					users: {ana: {password: '$2a$10$abc', role: viewer, teams: checkout}} | users.ana.teams is not a list of team names: [checkout, storefront]
					users: {ana: {password: '$2a$10$abc', role: viewer, whole-account: yes-please}} | users.ana.whole-account 'yes-please' is not true or false
					users: {ana: {password: '$2a$10$abc', role: viewer, team: [checkout]}} | users.ana: unknown field 'team' (password, role, teams, whole-account)
					users: [ana]                                                         | users is not a map of names to fields
					people: {}                                                           | unknown field 'people' (users, tokens)
					tokens: {bot: {sha256: not-a-hash, role: viewer}}                    | tokens.bot.sha256 is not a SHA-256 in hex (64 characters): 'sha256sum' of the token
					tokens: {bot: {role: viewer}}                                        | tokens.bot.sha256 is missing
					""")
	void eachMistakeIsOneLineNamingTheFileAndTheField(String yaml, String told) throws IOException {
		Path file = write(yaml);

		assertThatExceptionOfType(UserFacingException.class).isThrownBy(() -> UsersFile.read(file))
			.satisfies(ex -> assertThat(ex.getMessage()).contains(file.toString())
				.endsWith(told)
				.doesNotContain("hunter2")
				.doesNotContain("\n"));
	}

	@Test
	void aFileThatIsNoYamlOrMissingIsOneLine() throws IOException {
		Path broken = write("users: {ana: [unclosed\n");
		Path missing = dir.resolve("missing.yml");

		assertThatExceptionOfType(UserFacingException.class).isThrownBy(() -> UsersFile.read(broken))
			.satisfies(ex -> assertThat(ex.getMessage()).startsWith("console users file " + broken + " is not YAML")
				.doesNotContain("\n"));
		assertThatExceptionOfType(UserFacingException.class).isThrownBy(() -> UsersFile.read(missing))
			.withMessage("console users file " + missing + " does not exist (setting console.users-file)");
	}

	private Path write(String yaml) throws IOException {
		return Files.writeString(dir.resolve("console-users.yml"), yaml);
	}

}
