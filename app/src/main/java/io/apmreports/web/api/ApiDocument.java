package io.apmreports.web.api;

import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.info.BuildProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The OpenAPI document's own words: what the API is, its version (the tool's), and that a
 * machine signs in with a token.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnWebApplication
class ApiDocument {

	private static final String TOKEN = "token";

	@Bean
	OpenAPI consoleApi(ObjectProvider<BuildProperties> build) {
		BuildProperties properties = build.getIfAvailable();
		return new OpenAPI()
			.info(new Info().title("apm-reports console API")
				.version(properties == null ? "unknown" : properties.getVersion())
				.description("Runs, their files and deliveries, launches, previews and resends, restarts and "
						+ "abandons, as the console's pages offer them. Errors are RFC 9457 problem details."))
			.components(new Components().addSecuritySchemes(TOKEN,
					new SecurityScheme().type(SecurityScheme.Type.HTTP)
						.scheme("bearer")
						.description("A token of the console's users file (its SHA-256 is kept there)")))
			.addSecurityItem(new SecurityRequirement().addList(TOKEN));
	}

}
