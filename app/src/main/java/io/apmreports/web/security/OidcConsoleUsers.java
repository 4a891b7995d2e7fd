package io.apmreports.web.security;

import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Stream;

import org.springframework.security.core.authority.AuthorityUtils;
import org.springframework.security.oauth2.client.oidc.userinfo.OidcUserRequest;
import org.springframework.security.oauth2.client.oidc.userinfo.OidcUserService;
import org.springframework.security.oauth2.client.userinfo.OAuth2UserService;
import org.springframework.security.oauth2.core.oidc.user.DefaultOidcUser;
import org.springframework.security.oauth2.core.oidc.user.OidcUser;

import io.apmreports.web.ConsoleProperties;
import io.apmreports.web.ConsoleUser;
import io.apmreports.web.Role;

/**
 * Signs in someone of the company's identity provider as the console user their groups
 * make them: each mapped group's team, the highest mapped group's role (a viewer where no
 * group gives one), and the runs of no team where a group says so.
 */
final class OidcConsoleUsers implements OAuth2UserService<OidcUserRequest, OidcUser> {

	private final OidcUserService provider = new OidcUserService();

	private final ConsoleProperties.Oidc groups;

	OidcConsoleUsers(ConsoleProperties.Oidc groups) {
		this.groups = groups;
	}

	@Override
	public OidcUser loadUser(OidcUserRequest request) {
		OidcUser signedIn = provider.loadUser(request);
		ConsoleUser user = consoleUser(name(signedIn), groups(signedIn.getClaims().get(groups.groupsClaim())), groups);
		return new SignedOidcUser(signedIn, user);
	}

	/** The console user a member of these groups is. */
	static ConsoleUser consoleUser(String name, Collection<String> memberOf, ConsoleProperties.Oidc groups) {
		Set<String> teams = new LinkedHashSet<>();
		Role role = Role.VIEWER;
		for (String group : memberOf) {
			if (groups.teams().containsKey(group)) {
				teams.add(groups.teams().get(group));
			}
			Role given = groups.roles().get(group);
			if (given != null && given.includes(role)) {
				role = given;
			}
		}
		boolean wholeAccount = memberOf.stream().anyMatch(groups.wholeAccountGroups()::contains);
		return new ConsoleUser(name, role, teams, wholeAccount);
	}

	/**
	 * The groups of the claim: a list (most providers), or one text of names separated by
	 * commas or spaces; none where the claim is missing.
	 */
	static List<String> groups(Object claim) {
		Stream<?> values = claim instanceof Collection<?> list ? list.stream()
				: claim == null ? Stream.empty() : Stream.of(String.valueOf(claim).split("[,\\s]+"));
		return values.filter(Objects::nonNull)
			.map(String::valueOf)
			.map(String::strip)
			.filter(s -> !s.isEmpty())
			.toList();
	}

	/**
	 * The name people know them by: their user name at the provider, else e-mail, else
	 * the subject.
	 */
	private static String name(OidcUser user) {
		return Stream.of(user.getPreferredUsername(), user.getEmail(), user.getSubject())
			.filter(Objects::nonNull)
			.filter(text -> !text.isBlank())
			.findFirst()
			.orElse(user.getName());
	}

	/** An OpenID Connect user who is a console user. */
	static final class SignedOidcUser extends DefaultOidcUser implements Signed {

		private final ConsoleUser user;

		SignedOidcUser(OidcUser signedIn, ConsoleUser user) {
			super(AuthorityUtils.createAuthorityList(user.role().authority()), signedIn.getIdToken(),
					signedIn.getUserInfo());
			this.user = user;
		}

		@Override
		public ConsoleUser user() {
			return user;
		}

		@Override
		public String getName() {
			return user.name();
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
