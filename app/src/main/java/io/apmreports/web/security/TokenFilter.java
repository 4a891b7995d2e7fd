package io.apmreports.web.security;

import java.io.IOException;
import java.util.List;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.security.authentication.AbstractAuthenticationToken;
import org.springframework.security.core.authority.AuthorityUtils;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.filter.OncePerRequestFilter;

import io.apmreports.web.ConsoleUser;

/**
 * Signs in a machine by the token it sends ({@code Authorization: Bearer <token>}); the
 * users file holds each token's SHA-256 only. A wrong token is refused then and there,
 * never passed on as anonymous.
 */
final class TokenFilter extends OncePerRequestFilter {

	private static final String BEARER = "Bearer ";

	private final ConsoleUsers users;

	TokenFilter(ConsoleUsers users) {
		this.users = users;
	}

	static boolean carriesToken(HttpServletRequest request) {
		String header = request.getHeader(HttpHeaders.AUTHORIZATION);
		return header != null && header.regionMatches(true, 0, BEARER, 0, BEARER.length());
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		if (!carriesToken(request)) {
			chain.doFilter(request, response);
			return;
		}
		String token = request.getHeader(HttpHeaders.AUTHORIZATION).substring(BEARER.length()).strip();
		var user = users.byToken(token);
		if (user.isEmpty()) {
			Problems.write(response, HttpStatus.UNAUTHORIZED, "the token is not one of the console's");
			return;
		}
		SecurityContextHolder.getContext().setAuthentication(new TokenAuthentication(user.get()));
		try {
			chain.doFilter(request, response);
		}
		finally {
			SecurityContextHolder.clearContext();
		}
	}

	/** A request signed in by a token: its principal is the token's user. */
	static final class TokenAuthentication extends AbstractAuthenticationToken implements Signed {

		private final transient ConsoleUser user;

		TokenAuthentication(ConsoleUser user) {
			super(List.copyOf(AuthorityUtils.createAuthorityList(user.role().authority())));
			this.user = user;
			setAuthenticated(true);
		}

		@Override
		public ConsoleUser user() {
			return user;
		}

		@Override
		public Object getCredentials() {
			return "";
		}

		@Override
		public Object getPrincipal() {
			return this;
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
