package io.apmreports.web.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.icegreen.greenmail.junit5.GreenMailExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.testing.TestConsole;
import io.apmreports.testing.TestMail;
import io.apmreports.testing.TestSandbox;
import io.apmreports.web.ActionLog;
import io.apmreports.web.ActionLog.Action;
import io.apmreports.web.api.ApiClient.Answer;

/**
 * The console's API for actions, served as {@code serve} serves it, against a sandbox and
 * a real SMTP server, called with tokens as a machine would.
 */
class ActionsApiIntegrationTests {

	private static final String LAUNCHER = "launcher-token-1";

	private static final String VIEWER = "viewer-token-1";

	@RegisterExtension
	static final GreenMailExtension greenMail = TestMail.server();

	@RegisterExtension
	static final TestSandbox sandbox = TestSandbox.of(SandboxOptions.demo("actions-api-key"));

	@TempDir
	static Path workDir;

	static TestConsole console;

	static ApiClient api;

	@BeforeAll
	static void start() throws IOException {
		List<String> settings = new ArrayList<>(sandbox.arguments(workDir));
		settings.addAll(List.of("--report.definitions=app/src/test/resources/summary-reports",
				"--report.output-dir=" + workDir.resolve("out"), "--spring.mail.host=127.0.0.1",
				"--spring.mail.port=" + greenMail.getSmtp().getPort(), "--delivery.attempts=1"));
		console = TestConsole.start(settings, ApiClient.tokensFile(workDir.resolve("console-users.yml"), "deploy-bot",
				LAUNCHER, "launcher", "dashboard", VIEWER, "viewer"));
		api = new ApiClient(console::url);
	}

	@AfterAll
	static void stop() {
		console.close();
	}

	@BeforeEach
	void noMail() throws Exception {
		greenMail.purgeEmailFromAllMailboxes();
	}

	@Test
	void theOpenApiDocumentIsServedWithTheActionsPaths() throws Exception {
		// when a machine asks for the API's description with its token
		Answer document = api.get("/v3/api-docs", VIEWER);

		// then it is OpenAPI, and names the actions
		assertThat(document.status()).isEqualTo(200);
		assertThat(document.json().path("openapi").asString()).startsWith("3.");
		assertThat(document.json().path("paths").propertyNames()).contains("/api/launches", "/api/runs/{id}/preview",
				"/api/runs/{id}/deliveries", "/api/runs/{id}/restart", "/api/runs/{id}/abandon", "/api/runs/{id}");
	}

	@Test
	void aLaunchWithATokenStartsARunThatCompletesAndIsRecorded() throws Exception {
		// when a launcher's token launches a custom range
		Answer launched = api.post("/api/launches", LAUNCHER,
				Map.of("report", "weekly-performance", "range", "custom", "from", "2026-10-05", "to", "2026-10-12"));

		// then the answer is the run started, which goes on to complete
		assertThat(launched.status()).as(launched.text()).isEqualTo(202);
		assertThat(launched.json().path("status").asString()).isEqualTo("STARTED");
		long runId = launched.json().path("runId").asLong();
		await().atMost(Duration.ofSeconds(120))
			.pollInterval(Duration.ofMillis(200))
			.until(() -> api.get("/api/runs/" + runId, VIEWER).json().path("status").asString(),
					status -> status.equals("COMPLETED"));
		// and the launch is recorded on the run, with who launched it
		List<Action> actions = console.bean(ActionLog.class).of(runId);
		assertThat(actions).singleElement().satisfies(action -> {
			assertThat(action.kind()).isEqualTo(ActionLog.Kind.LAUNCH);
			assertThat(action.who()).isEqualTo("deploy-bot");
			assertThat(action.detail()).contains("weekly-performance", "Mon 5 Oct to Sun 11 Oct 2026");
		});
	}

	@Test
	void aLaunchOfAReportAndRangeThatCompletedAnswersTheExistingRun() throws Exception {
		long runId = completedRun();

		// when the same report and range is launched again without force
		Answer again = api.post("/api/launches", LAUNCHER, Map.of("report", "weekly-performance"));

		// then the existing run is the answer, and nothing ran
		assertThat(again.status()).as(again.text()).isEqualTo(200);
		assertThat(again.json().path("status").asString()).isEqualTo("EXISTING");
		assertThat(again.json().path("runId").asLong()).isEqualTo(runId);
		assertThat(console.bean(ActionLog.class).of(runId)).filteredOn(action -> action.kind() == ActionLog.Kind.LAUNCH)
			.hasSize(1);
	}

	@Test
	void aViewersTokenIsRefusedALaunchWith403() throws Exception {
		// when a viewer's token launches
		Answer refused = api.post("/api/launches", VIEWER, Map.of("report", "weekly-performance"));

		// then it is refused as a problem in one line
		assertThat(refused.status()).isEqualTo(403);
		assertThat(refused.json().path("detail").asString())
			.isEqualTo("launching a report needs the role launcher; dashboard is a viewer");
	}

	@Test
	void aRequestWithoutATokenIsRefusedWith401() throws Exception {
		Answer refused = api.get("/api/runs", null);

		assertThat(refused.status()).isEqualTo(401);
	}

	@Test
	void aPostWithoutATokenOrSessionIsRefusedWith401NotACsrf403() throws Exception {
		Answer refused = api.post("/api/launches", null, Map.of("report", "weekly-performance"));

		assertThat(refused.status()).isEqualTo(401);
		assertThat(refused.json().path("detail").asString()).startsWith("sign in first");
	}

	@Test
	void anAccountTheConsoleDoesNotReadIsRefusedAs400InOneLine() throws Exception {
		Answer refused = api.post("/api/launches", LAUNCHER,
				Map.of("report", "weekly-performance", "force", true, "accounts", List.of(42)));

		assertThat(refused.status()).isEqualTo(400);
		assertThat(refused.json().path("detail").asString())
			.startsWith("account 42 is not one this process reads (apm.account-id: ");
	}

	@Test
	void aBadRangeIsRefusedAs400InOneLine() throws Exception {
		Answer refused = api.post("/api/launches", LAUNCHER, Map.of("report", "weekly-performance", "range", "custom"));

		assertThat(refused.status()).isEqualTo(400);
		assertThat(refused.json().path("detail").asString()).startsWith("a custom range needs both from and to");
	}

	@Test
	void aDeliveryToOneAddressSendsOneMessageAndAgainSendsNothing() throws Exception {
		long runId = completedRun();

		// when a completed run is sent to one address, twice
		Answer first = api.post("/api/runs/" + runId + "/deliveries", LAUNCHER,
				Map.of("recipients", List.of("lead@example.com")));
		Answer second = api.post("/api/runs/" + runId + "/deliveries", LAUNCHER,
				Map.of("recipients", List.of("lead@example.com")));

		// then one message arrived, and the second answer says why no other did
		assertThat(first.status()).as(first.text()).isEqualTo(200);
		assertThat(first.json().path("sentTo").get(0).asString()).isEqualTo("lead@example.com");
		assertThat(second.status()).as(second.text()).isEqualTo(200);
		assertThat(second.json().path("sentTo").isEmpty()).isTrue();
		assertThat(second.json().path("message").asString()).contains("lead@example.com had the report already");
		assertThat(TestMail.recipients(greenMail.getReceivedMessages())).containsExactly("lead@example.com");
		assertThat(console.bean(ActionLog.class).of(runId)).filteredOn(action -> action.kind() == ActionLog.Kind.RESEND)
			.hasSize(2)
			.allSatisfy(action -> assertThat(action.who()).isEqualTo("deploy-bot"));
	}

	@Test
	void aPreviewShowsTheMessageAndSendsNothing() throws Exception {
		long runId = completedRun();

		// when the message to an address is previewed
		Answer preview = api.get("/api/runs/" + runId + "/preview?to=finance@example.com", LAUNCHER);

		// then it is the run's e-mail, as HTML, and nothing was sent
		assertThat(preview.status()).as(preview.text()).isEqualTo(200);
		assertThat(preview.json().path("to").asString()).isEqualTo("finance@example.com");
		assertThat(preview.json().path("subject").asString()).contains("Weekly performance");
		assertThat(preview.json().path("html").asString()).startsWith("<!DOCTYPE html>").doesNotContain("cid:");
		assertThat(greenMail.getReceivedMessages()).isEmpty();
	}

	@Test
	void aBodyThatIsNoJsonIsRefusedAs400InOneLine() throws Exception {
		Answer refused = api.post("/api/launches", LAUNCHER, List.of("weekly-performance"));

		assertThat(refused.status()).isEqualTo(400);
		assertThat(refused.json().path("detail").asString()).startsWith("the request's body is not JSON");
	}

	@Test
	void anotherRunIdIsAnsweredWith404() throws Exception {
		Answer missing = api.post("/api/runs/987654/deliveries", LAUNCHER, Map.of("recipients", List.of()));

		assertThat(missing.status()).isEqualTo(404);
		assertThat(missing.json().path("detail").asString()).isEqualTo("no run 987654");
	}

	/**
	 * Last week's run, launched by the first test that needs it and found by the next.
	 */
	private static long completedRun() throws Exception {
		Answer launched = api.post("/api/launches", LAUNCHER, Map.of("report", "weekly-performance"));
		assertThat(launched.status()).as(launched.text()).isIn(200, 202);
		long runId = launched.json().path("runId").asLong();
		await().atMost(Duration.ofSeconds(120))
			.pollInterval(Duration.ofMillis(200))
			.until(() -> api.get("/api/runs/" + runId, VIEWER).json().path("status").asString(),
					status -> status.equals("COMPLETED"));
		return runId;
	}

}
