package io.apmreports.web.security;

import java.time.Clock;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.security.autoconfigure.actuate.web.servlet.EndpointRequest;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.security.authentication.dao.DaoAuthenticationProvider;
import org.springframework.security.config.annotation.authentication.builders.AuthenticationManagerBuilder;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.oauth2.client.registration.ClientRegistrationRepository;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.header.writers.ReferrerPolicyHeaderWriter.ReferrerPolicy;
import org.springframework.security.web.authentication.AnonymousAuthenticationFilter;

import io.apmreports.source.SourceProperties;
import io.apmreports.web.ConsoleProperties;

/**
 * Who may reach what: the actuator's health and metrics, on the management port, as
 * before; the API by token or session, refusing with a problem (401, 403) rather than a
 * login page; every page behind a login form (and OpenID Connect where a provider is
 * set), with CSRF tokens on every form.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnWebApplication
class ConsoleSecurity {

	/**
	 * Scripts of the console's own only; inline styles too, as the preview frame shows
	 * the e-mail as it is sent, styled inline for mail clients that take no stylesheet.
	 */
	static final String PAGES_POLICY = "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
			+ "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

	@Bean
	PasswordEncoder passwordEncoder() {
		return ConsoleUsers.passwordEncoder();
	}

	@Bean
	ConsoleUsers consoleUsers(ConsoleProperties properties, SourceProperties source, PasswordEncoder encoder) {
		return ConsoleUsers.of(properties, source.demo(), encoder);
	}

	@Bean
	LoginThrottle loginThrottle(ConsoleProperties properties, Clock clock) {
		return new LoginThrottle(clock, properties.freeLoginFailures(), properties.loginDelay());
	}

	/** Health and metrics, on a port of their own that the operator keeps to loopback. */
	@Bean
	@Order(1)
	SecurityFilterChain actuator(HttpSecurity http) {
		return http.securityMatcher(EndpointRequest.toAnyEndpoint())
			.authorizeHttpRequests(requests -> requests.anyRequest().permitAll())
			.build();
	}

	@Bean
	@Order(2)
	SecurityFilterChain api(HttpSecurity http, ConsoleUsers users) {
		return http.securityMatcher("/api/**", "/v3/api-docs/**")
			.authorizeHttpRequests(requests -> requests.anyRequest().authenticated())
			.addFilterBefore(new TokenFilter(users), AnonymousAuthenticationFilter.class)
			// a token is no cookie a page could be tricked into sending, and a request
			// without a session has no signed-in cookie to forge: it is refused as not
			// signed in (401)
			.csrf(csrf -> csrf.ignoringRequestMatchers(
					request -> TokenFilter.carriesToken(request) || request.getRequestedSessionId() == null))
			.exceptionHandling(refusals -> refusals
				.authenticationEntryPoint((request, response, ex) -> Problems.write(response, HttpStatus.UNAUTHORIZED,
						"sign in first: a token (Authorization: Bearer) or the console's session"))
				.accessDeniedHandler((request, response, ex) -> Problems.write(response, HttpStatus.FORBIDDEN,
						"refused: a request signed in by the console's session must carry its CSRF token "
								+ "(header X-CSRF-TOKEN); a machine signs in with a token (Authorization: Bearer)")))
			.build();
	}

	@Bean
	@Order(3)
	SecurityFilterChain pages(HttpSecurity http, ConsoleUsers users, PasswordEncoder encoder, LoginThrottle throttle,
			ObjectProvider<ClientRegistrationRepository> providers, ConsoleProperties properties) {
		DaoAuthenticationProvider passwords = new DaoAuthenticationProvider(users);
		passwords.setPasswordEncoder(encoder);
		// no fall-back to Spring's global manager of the same users: it would check a
		// password the throttle refused, and answer in its own words
		http.getSharedObject(AuthenticationManagerBuilder.class).parentAuthenticationManager(null);
		http.authorizeHttpRequests(requests -> requests.requestMatchers("/login", "/css/**", "/js/**", "/error")
			.permitAll()
			.anyRequest()
			.authenticated())
			.authenticationProvider(new ThrottledLogins(passwords, throttle))
			.formLogin(form -> form.loginPage("/login").defaultSuccessUrl("/runs"))
			.logout(logout -> logout.logoutSuccessUrl("/login?out"))
			// the pages load scripts, styles and images of their own only, and no other
			// site may frame them
			.headers(headers -> headers.contentSecurityPolicy(csp -> csp.policyDirectives(PAGES_POLICY))
				.referrerPolicy(referrer -> referrer.policy(ReferrerPolicy.SAME_ORIGIN)));
		if (providers.getIfAvailable() != null) {
			http.oauth2Login(login -> login.loginPage("/login")
				.defaultSuccessUrl("/runs")
				.failureHandler(new ProviderSignInFailure())
				.userInfoEndpoint(info -> info.oidcUserService(new OidcConsoleUsers(properties.oidc()))));
		}
		return http.build();
	}

}
