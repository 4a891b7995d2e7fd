package io.apmreports.web.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.testing.TestConsole;
import io.apmreports.testing.TestSandbox;

/**
 * Signing in to the console through a company's identity provider (a real one, Spring
 * Authorization Server, on loopback): the groups of the ID token become the console
 * user's team and role, and the person sees that team's runs only.
 */
class OpenIdConnectIntegrationTests {

	@RegisterExtension
	static final TestSandbox sandbox = TestSandbox.of(SandboxOptions.demo("oidc-test-key"));

	@TempDir
	Path workDir;

	@Test
	void aGroupOfTheIdentityProviderBecomesTheTeamAndTheRoleOfTheConsoleUser() throws Exception {
		// given a person of groups apm-checkout (team checkout) and apm-launchers (role
		// launcher) at the company's provider, and runs of two teams
		try (CompanyIdentityProvider provider = CompanyIdentityProvider.start("ana", "ana-password",
				List.of("staff", "apm-checkout", "apm-launchers"));
				TestConsole console = TestConsole.start(settings(provider), workDir.resolve("no-users.yml"))) {
			long checkout = TeamRuns.completed(console, workDir.resolve("out"), "checkout");
			long storefront = TeamRuns.completed(console, workDir.resolve("out"), "storefront");
			Browser browser = new Browser(true);
			// and a sign-in that failed at the provider is told in the console's words
			HttpResponse<String> forged = browser
				.get(console.url("/login/oauth2/code/company?code=forged&state=forged"));
			assertThat(forged.uri()).isEqualTo(console.url("/login?error"));
			assertThat(forged.body()).contains(ProviderSignInFailure.TOLD.replace("'", "&#39;"))
				.doesNotContain("authorization_request_not_found");

			// when she chooses the provider on the console's login page and signs in
			// there
			HttpResponse<String> login = browser.get(console.url("/login"));
			assertThat(login.body()).contains("/oauth2/authorization/company").contains("Company sign-in");
			HttpResponse<String> atProvider = browser.get(console.url("/oauth2/authorization/company"));
			assertThat(atProvider.uri().toString()).startsWith(provider.issuer() + "/login");
			HttpResponse<String> runs = browser.post(atProvider.uri(),
					Map.of("username", "ana", "password", "ana-password", "_csrf", Browser.csrf(atProvider.body())));

			// then she is back on the console's runs, as a launcher of checkout
			assertThat(runs.statusCode()).as(runs.uri() + " " + runs.body()).isEqualTo(200);
			assertThat(runs.uri()).isEqualTo(console.url("/runs"));
			assertThat(runs.body()).contains("ana · launcher · checkout");
			assertThat(runs.body()).contains("/runs/" + checkout).doesNotContain("/runs/" + storefront);
			// and the API, through the same session, answers as her
			HttpResponse<String> api = browser.get(console.url("/api/runs"));
			assertThat(api.statusCode()).isEqualTo(200);
			assertThat(api.body()).contains("\"id\":" + checkout + ",").doesNotContain("\"id\":" + storefront + ",");
			assertThat(browser.get(console.url("/api/runs/" + storefront)).statusCode()).isEqualTo(404);
		}
	}

	private List<String> settings(CompanyIdentityProvider provider) throws Exception {
		List<String> settings = new ArrayList<>(sandbox.arguments(workDir));
		settings.addAll(provider.consoleSettings());
		settings.addAll(
				List.of("--console.oidc.teams.apm-checkout=checkout", "--console.oidc.teams.apm-storefront=storefront",
						"--console.oidc.roles.apm-launchers=launcher", "--console.oidc.roles.apm-admins=admin"));
		return settings;
	}

}
