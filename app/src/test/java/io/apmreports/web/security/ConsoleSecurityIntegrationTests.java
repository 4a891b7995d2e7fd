package io.apmreports.web.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.testing.TestConsole;
import io.apmreports.testing.TestSandbox;

/**
 * The console as an attacker would try it, with runs of two teams in its job repository:
 * forms and API calls without their CSRF token, file names that climb out of a run's
 * folder, another team's run ids, the session cookie, and every answer a signed-in admin
 * can reach searched for the secrets the console holds.
 */
class ConsoleSecurityIntegrationTests {

	private static final String API_KEY = "console-security-api-key-7f3a";

	private static final String WEBHOOK = "https://hooks.slack.com/services/T0000/B0000/webhook-secret-9c1d";

	private static final String MAIL_PASSWORD = "mail-password-4b8e";

	private static final String TOKEN = "checkout-bot-token-52aa";

	@RegisterExtension
	static final TestSandbox sandbox = TestSandbox.of(SandboxOptions.demo(API_KEY));

	@TempDir
	static Path workDir;

	private static TestConsole console;

	private static long checkoutRun;

	private static long storefrontRun;

	@BeforeAll
	static void startTheConsoleWithRunsOfTwoTeams() throws IOException {
		Path usersFile = TestConsole.usersFile(workDir.resolve("users.yml"),
				List.of(new TestConsole.User("cora", "cora-password", "launcher", "checkout"),
						new TestConsole.User("ada", "ada-password", "admin")),
				List.of(new TestConsole.Token("checkout-bot", TOKEN, "launcher", List.of("checkout"))));
		Path webhookFile = Files.writeString(workDir.resolve("ops-webhook"), WEBHOOK);
		List<String> settings = new ArrayList<>(sandbox.arguments(workDir));
		settings.addAll(List.of("--delivery.slack-webhook-files.ops=" + webhookFile, "--spring.mail.host=127.0.0.1",
				"--spring.mail.port=2525", "--spring.mail.username=reports",
				"--spring.mail.password=" + MAIL_PASSWORD));
		console = TestConsole.start(settings, usersFile);
		checkoutRun = TeamRuns.completed(console, workDir.resolve("out"), "checkout");
		storefrontRun = TeamRuns.completed(console, workDir.resolve("out"), "storefront");
	}

	@AfterAll
	static void stop() {
		if (console != null) {
			console.close();
		}
	}

	@Test
	void aFormPostedWithoutItsCsrfTokenIsRefused() throws Exception {
		// given cora, signed in
		Browser browser = signedIn("cora", "cora-password");

		// when she (or a page of another site, with her cookie) posts without the token
		HttpResponse<String> logout = browser.post(console.url("/logout"), Map.of());
		HttpResponse<String> deliver = browser.post(console.url("/runs/" + checkoutRun + "/deliver"),
				Map.of("recipients", "mallory@example.com"));

		// then both are refused, and she is still signed in
		assertThat(logout.statusCode()).isEqualTo(403);
		assertThat(deliver.statusCode()).isEqualTo(403);
		assertThat(browser.get(console.url("/runs")).statusCode()).isEqualTo(200);
	}

	@Test
	void anApiPostWithASessionNeedsTheCsrfTokenAndOneWithABearerTokenDoesNot() throws Exception {
		// given cora's session, and the checkout bot's token
		Browser browser = signedIn("cora", "cora-password");
		String launch = "{\"report\":\"weekly-performance\",\"range\":\"last-week\",\"team\":\"checkout\"}";

		// when each posts to the API without a CSRF token
		HttpResponse<String> bySession = browser.send(json(console.url("/api/launches"), launch).build());
		HttpResponse<String> byToken = new Browser(false)
			.send(json(console.url("/api/launches"), launch).header("Authorization", "Bearer " + TOKEN).build());

		// then the session's is refused as a problem; the token's passes security
		assertThat(bySession.statusCode()).isEqualTo(403);
		assertThat(bySession.headers().firstValue("Content-Type")).hasValue("application/problem+json");
		assertThat(bySession.body()).contains("CSRF");
		assertThat(byToken.statusCode()).as(byToken.body()).isNotIn(401, 403);
	}

	@ParameterizedTest(name = "{0}")
	@ValueSource(strings = { "../../key", "..%2F..%2Fkey", "%2e%2e%2f%2e%2e%2fkey", "..%5C..%5Ckey", "%2Fetc%2Fpasswd",
			"%252e%252e%252f%252e%252e%252fkey", "..", "." })
	void aFileNameOutsideTheRunsFolderFindsNothing(String name) throws Exception {
		// given the key file, two folders above the run's files
		Browser browser = signedIn("ada", "ada-password");

		// when a file of that name is asked of the run, by page and by API
		for (String path : List.of("/runs/" + checkoutRun + "/files/", "/api/runs/" + checkoutRun + "/files/")) {
			HttpResponse<String> answer = browser.get(URI.create(console.url(path) + name));

			// then nothing is served: neither the key nor a file of the machine, nor,
			// where the server refuses the path itself, its name and version
			assertThat(answer.statusCode()).as(path + name).isIn(400, 404);
			assertThat(answer.body()).doesNotContain(API_KEY)
				.doesNotContain("root:")
				.doesNotContainIgnoringCase("tomcat");
		}
	}

	@Test
	void anotherTeamsRunIsAnsweredAsNoRunAtAll() throws Exception {
		// given cora of checkout, and a run id no one has
		Browser browser = signedIn("cora", "cora-password");
		long missing = storefrontRun + 1000;

		for (String path : List.of("/runs/%d", "/api/runs/%d", "/runs/%d/progress", "/api/runs/%d/files/x.csv",
				"/runs/%d/files/x.csv")) {
			// when she asks for storefront's run, and for the missing one
			HttpResponse<String> others = browser.get(console.url(path.formatted(storefrontRun)));
			HttpResponse<String> none = browser.get(console.url(path.formatted(missing)));

			// then both are 404, told alike: nothing says the run exists
			assertThat(others.statusCode()).as(path).isEqualTo(404);
			assertThat(none.statusCode()).as(path).isEqualTo(404);
			assertThat(others.body().replace(Long.toString(storefrontRun), "ID")).as(path)
				.isEqualTo(none.body().replace(Long.toString(missing), "ID"));
		}
		// while her own team's run is hers to see
		assertThat(browser.get(console.url("/api/runs/" + checkoutRun)).statusCode()).isEqualTo(200);
	}

	@Test
	void theSessionCookieIsHttpOnlyAndSameSite() throws Exception {
		// when cora signs in
		Browser browser = new Browser(false);
		HttpResponse<String> page = browser.get(console.url("/login"));
		HttpResponse<String> signedIn = browser.post(console.url("/login"),
				Map.of("username", "cora", "password", "cora-password", "_csrf", Browser.csrf(page.body())));

		// then the new session's cookie is out of scripts' and other sites' reach
		assertThat(signedIn.headers().firstValue("Location"))
			.hasValueSatisfying(to -> assertThat(to).endsWith("/runs"));
		List<String> cookies = signedIn.headers().allValues("Set-Cookie");
		assertThat(cookies).filteredOn(cookie -> cookie.startsWith("JSESSIONID="))
			.singleElement()
			.satisfies(cookie -> assertThat(cookie).contains("HttpOnly").containsIgnoringCase("SameSite=Lax"));
	}

	@Test
	void pagesForbidFramingAndScriptsOfOtherSites() throws Exception {
		// when a page is fetched, signed in or not
		HttpResponse<String> login = new Browser(false).get(console.url("/login"));
		HttpResponse<String> runs = signedIn("ada", "ada-password").get(console.url("/runs"));

		// then it may not be framed, sniffed or fed another site's scripts
		for (HttpResponse<String> page : List.of(login, runs)) {
			assertThat(page.headers().firstValue("Content-Security-Policy")).hasValueSatisfying(
					policy -> assertThat(policy).contains("default-src 'self'", "frame-ancestors 'none'"));
			assertThat(page.headers().firstValue("X-Frame-Options")).hasValue("DENY");
			assertThat(page.headers().firstValue("X-Content-Type-Options")).hasValue("nosniff");
			assertThat(page.headers().firstValue("Referrer-Policy")).hasValue("same-origin");
			assertThat(page.headers().firstValue("Cache-Control"))
				.hasValueSatisfying(cache -> assertThat(cache).contains("no-store"));
		}
	}

	@Test
	void noAnswerASignedInAdminCanReachHoldsASecret() throws Exception {
		// given an admin, who sees every page and run
		Browser browser = signedIn("ada", "ada-password");

		// when every page and API answer reachable from the runs is fetched
		Set<URI> seen = crawl(browser,
				List.of("/runs", "/schedules", "/launch", "/api/runs", "/api/schedules", "/api/runs/" + checkoutRun,
						"/api/runs/" + storefrontRun, "/v3/api-docs", "/api-docs",
						"/runs/" + checkoutRun + "/preview?to=ops@example.com", "/api/runs/" + checkoutRun + "/preview",
						"/runs/" + checkoutRun + "/progress", "/no-such-page", "/api/no-such-thing", "/actuator/env",
						"/actuator/configprops"));

		// then the crawl went far (each run's page and files), and no answer held a
		// secret
		assertThat(seen).contains(console.url("/runs/" + checkoutRun), console.url("/runs/" + storefrontRun));
		assertThat(seen).anyMatch(url -> url.getPath().startsWith("/runs/" + checkoutRun + "/files/"));
	}

	/**
	 * Fetches each start and every link of this console in each page, asserting that no
	 * answer holds a secret; the URLs fetched.
	 */
	private static Set<URI> crawl(Browser browser, List<String> starts) throws Exception {
		Set<URI> seen = new LinkedHashSet<>();
		List<URI> next = new ArrayList<>(starts.stream().map(console::url).toList());
		while (!next.isEmpty() && seen.size() < 400) {
			URI url = next.remove(0);
			if (!seen.add(url)) {
				continue;
			}
			HttpResponse<String> answer = browser.get(url);
			assertThat(answer.statusCode()).as(url.toString()).isLessThan(500);
			for (String secret : List.of(API_KEY, WEBHOOK, "webhook-secret-9c1d", MAIL_PASSWORD, TOKEN)) {
				assertThat(answer.body()).as(url.toString()).doesNotContain(secret);
				assertThat(answer.headers().map().toString()).as(url.toString()).doesNotContain(secret);
			}
			next.addAll(links(answer.body()));
		}
		return seen;
	}

	private static final Pattern LINK = Pattern.compile("(?:href|src|action|hx-get|data-url)=\"(/[^\"]*)\"");

	/** This console's links in a page, but the one that signs out. */
	private static List<URI> links(String page) {
		List<URI> links = new ArrayList<>();
		Matcher link = LINK.matcher(page);
		while (link.find()) {
			String path = link.group(1).replace("&amp;", "&");
			if (!path.startsWith("/logout") && !path.startsWith("//")) {
				links.add(console.url(path));
			}
		}
		return links;
	}

	private static Browser signedIn(String name, String password) throws Exception {
		Browser browser = new Browser(true);
		HttpResponse<String> runs = browser.signIn(console.url("/login"), name, password);
		assertThat(runs.uri()).isEqualTo(console.url("/runs"));
		return browser;
	}

	private static HttpRequest.Builder json(URI url, String body) {
		return HttpRequest.newBuilder(url)
			.header("Content-Type", "application/json")
			.header("Accept", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(body));
	}

}
