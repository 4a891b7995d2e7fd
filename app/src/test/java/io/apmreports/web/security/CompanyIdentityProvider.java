package io.apmreports.web.security;

import java.net.URI;
import java.util.List;
import java.util.Map;

import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.http.converter.autoconfigure.HttpMessageConvertersAutoConfiguration;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.security.autoconfigure.SecurityAutoConfiguration;
import org.springframework.boot.security.autoconfigure.UserDetailsServiceAutoConfiguration;
import org.springframework.boot.security.autoconfigure.web.servlet.SecurityFilterAutoConfiguration;
import org.springframework.boot.security.autoconfigure.web.servlet.ServletWebSecurityAutoConfiguration;
import org.springframework.boot.security.oauth2.server.authorization.autoconfigure.servlet.OAuth2AuthorizationServerAutoConfiguration;
import org.springframework.boot.security.oauth2.server.authorization.autoconfigure.servlet.OAuth2AuthorizationServerJwtAutoConfiguration;
import org.springframework.boot.tomcat.autoconfigure.servlet.TomcatServletWebServerAutoConfiguration;
import org.springframework.boot.webmvc.autoconfigure.DispatcherServletAutoConfiguration;
import org.springframework.boot.webmvc.autoconfigure.WebMvcAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.security.oauth2.core.oidc.endpoint.OidcParameterNames;
import org.springframework.security.oauth2.server.authorization.token.JwtEncodingContext;
import org.springframework.security.oauth2.server.authorization.token.OAuth2TokenCustomizer;

/**
 * A company's identity provider on a free loopback port: Spring Authorization Server with
 * the console registered as a client and one person, whose ID token carries the groups
 * the test gives.
 * <p>
 * Not a {@code @Configuration}: the console's own context scans this package, and must
 * not become an identity provider itself.
 */
@ImportAutoConfiguration({ TomcatServletWebServerAutoConfiguration.class, DispatcherServletAutoConfiguration.class,
		WebMvcAutoConfiguration.class, HttpMessageConvertersAutoConfiguration.class, JacksonAutoConfiguration.class,
		SecurityAutoConfiguration.class, ServletWebSecurityAutoConfiguration.class,
		SecurityFilterAutoConfiguration.class, UserDetailsServiceAutoConfiguration.class,
		OAuth2AuthorizationServerAutoConfiguration.class, OAuth2AuthorizationServerJwtAutoConfiguration.class })
final class CompanyIdentityProvider implements AutoCloseable {

	static final String CLIENT_ID = "apm-console";

	static final String CLIENT_SECRET = "console-client-secret";

	private final ConfigurableApplicationContext context;

	private CompanyIdentityProvider(ConfigurableApplicationContext context) {
		this.context = context;
	}

	/** Serves {@code person} (password {@code password}), a member of {@code groups}. */
	static CompanyIdentityProvider start(String person, String password, List<String> groups) {
		String client = "--spring.security.oauth2.authorizationserver.client.console.";
		ConfigurableApplicationContext context = new SpringApplicationBuilder(CompanyIdentityProvider.class)
			.initializers(started -> started.getBeanFactory().registerSingleton("groups", new Groups(groups)))
			.logStartupInfo(false)
			.registerShutdownHook(false)
			.run("--spring.config.name=company-identity-provider", "--spring.main.web-application-type=servlet",
					"--server.address=127.0.0.1", "--server.port=0",
					// both servers live on 127.0.0.1, and a browser keeps cookies per
					// host
					"--server.servlet.session.cookie.name=IDP_SESSION", "--spring.security.user.name=" + person,
					"--spring.security.user.password=" + password, client + "registration.client-id=" + CLIENT_ID,
					client + "registration.client-secret={noop}" + CLIENT_SECRET,
					client + "registration.client-authentication-methods=client_secret_basic",
					client + "registration.authorization-grant-types=authorization_code,refresh_token",
					// a loopback redirect may come from any port (RFC 8252), as the
					// console's is free
					client + "registration.redirect-uris=http://127.0.0.1/login/oauth2/code/company",
					client + "registration.scopes=openid,profile", client + "require-authorization-consent=false");
		return new CompanyIdentityProvider(context);
	}

	URI issuer() {
		return URI.create("http://127.0.0.1:" + context.getEnvironment().getProperty("local.server.port"));
	}

	/**
	 * The settings that make the console sign people in here, as the operator writes them
	 * (the client secret would come from the environment).
	 */
	List<String> consoleSettings() {
		String registration = "--spring.security.oauth2.client.registration.company.";
		return List.of(registration + "client-id=" + CLIENT_ID, registration + "client-secret=" + CLIENT_SECRET,
				registration + "client-name=Company sign-in", registration + "scope=openid,profile",
				"--spring.security.oauth2.client.provider.company.issuer-uri=" + issuer());
	}

	@Override
	public void close() {
		context.close();
	}

	/** The groups the person's ID token names. */
	record Groups(List<String> names) {
	}

	@Bean
	OAuth2TokenCustomizer<JwtEncodingContext> groupsClaim(Groups groups) {
		return token -> {
			if (OidcParameterNames.ID_TOKEN.equals(token.getTokenType().getValue())) {
				token.getClaims().claims(claims -> claims.putAll(Map.of("groups", groups.names())));
			}
		};
	}

}
