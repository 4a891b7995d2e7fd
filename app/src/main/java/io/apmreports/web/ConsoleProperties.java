package io.apmreports.web;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import org.hibernate.validator.constraints.time.DurationMin;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Settings of the console ({@code console.*}); where it listens is Boot's own
 * {@code server.address} and {@code server.port}.
 *
 * @param usersFile the file of users, their password hashes, roles and teams, and the API
 * tokens, which the operator writes; the console is served only where it exists, an
 * OpenID Connect provider is set, or with {@code --demo}
 * @param freeLoginFailures how many wrong passwords in a row a name or an address may
 * give before each further attempt waits
 * @param loginDelay how long the first such wait is; it doubles with each further
 * failure, up to a quarter of an hour
 * @param oidc what an OpenID Connect login's groups mean
 */
@ConfigurationProperties("console")
@Validated
public record ConsoleProperties(@DefaultValue("console-users.yml") @NotNull Path usersFile,
		@DefaultValue("5") @Min(0) int freeLoginFailures,
		@DefaultValue("30s") @NotNull @DurationMin(nanos = 0, inclusive = false) Duration loginDelay,
		@DefaultValue @Valid @NotNull Oidc oidc) {

	/**
	 * What an OpenID Connect login's groups mean (the provider itself is Spring's
	 * {@code spring.security.oauth2.client.*}).
	 *
	 * @param groupsClaim the claim of the ID token or user info that lists the user's
	 * groups
	 * @param teams each group's team: a member of the group sees that team's runs
	 * @param roles each group's role; the highest of a user's groups counts, and a user
	 * of no such group is a viewer
	 * @param wholeAccountGroups members of these groups also see the runs of no team
	 */
	public record Oidc(@DefaultValue("groups") @NotNull String groupsClaim, @DefaultValue Map<String, String> teams,
			@DefaultValue Map<String, Role> roles, @DefaultValue List<String> wholeAccountGroups) {

	}

}
