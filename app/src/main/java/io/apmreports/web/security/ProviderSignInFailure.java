package io.apmreports.web.security;

import java.io.IOException;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.WebAttributes;
import org.springframework.security.web.authentication.AuthenticationFailureHandler;

/**
 * A sign-in through the identity provider that failed: the login page says so in the
 * console's words, and the log keeps the provider's reason for the operator, as Spring's
 * text (an error code, a state, an endpoint) means nothing to the person signing in.
 */
final class ProviderSignInFailure implements AuthenticationFailureHandler {

	static final String TOLD = "Signing in through the identity provider failed: try again, "
			+ "or ask the console's operator (its log says why).";

	private static final Logger LOG = LoggerFactory.getLogger(ProviderSignInFailure.class);

	@Override
	public void onAuthenticationFailure(HttpServletRequest request, HttpServletResponse response,
			AuthenticationException exception) throws IOException {
		LOG.warn("A sign-in through the identity provider failed: {}", exception.getMessage());
		request.getSession().setAttribute(WebAttributes.AUTHENTICATION_EXCEPTION, new BadCredentialsException(TOLD));
		response.sendRedirect(request.getContextPath() + "/login?error");
	}

}
