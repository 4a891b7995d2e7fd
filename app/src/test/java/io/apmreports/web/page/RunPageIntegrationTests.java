package io.apmreports.web.page;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.CookieManager;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.icegreen.greenmail.junit5.GreenMailExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.batch.core.job.Job;
import org.springframework.batch.core.repository.JobRepository;

import io.apmreports.report.digest.DigestText;
import io.apmreports.report.digest.RunDigest;
import io.apmreports.job.RunDigests;
import io.apmreports.run.ReportLauncher;
import io.apmreports.run.ReportOutcome;
import io.apmreports.run.ReportRequest;
import io.apmreports.run.ReportRuns;
import io.apmreports.run.RequestedRange;
import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.schedule.Schedules;
import io.apmreports.testing.TestConsole;
import io.apmreports.testing.TestMail;
import io.apmreports.testing.TestSandbox;
import io.apmreports.web.RunFigures;

/**
 * The run page, its files and the schedules page in the console as {@code serve} starts
 * it, over real HTTP with a signed-in session: a member of team checkout sees checkout's
 * run with its figures, files and delivery, downloads its workbook byte for byte, and is
 * told another team's run, and any file outside the run's own, as not found.
 */
class RunPageIntegrationTests {

	private static final String FROM = "2026-11-09T00:00:00+01:00";

	private static final String TO = "2026-11-16T00:00:00+01:00";

	private static final String SECRET = "runpage-test-key";

	@RegisterExtension
	static final GreenMailExtension greenMail = TestMail.server();

	@RegisterExtension
	static final TestSandbox sandbox = TestSandbox.of(SandboxOptions.demo(SECRET));

	@TempDir
	static Path workDir;

	private static TestConsole console;

	private static ReportOutcome checkout;

	private static ReportOutcome storefront;

	private static ReportOutcome undelivered;

	/** A Slack webhook nobody answers at: a port this test opened and closed again. */
	private static String deadWebhook;

	@BeforeAll
	static void launchTwoTeamsRuns() throws Exception {
		Path users = TestConsole.usersFile(workDir.resolve("users.yml"),
				List.of(new TestConsole.User("cara", "cara-password", "viewer", "checkout"),
						new TestConsole.User("ada", "ada-password", "admin")),
				List.of());
		try (ServerSocket closed = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			deadWebhook = "http://127.0.0.1:" + closed.getLocalPort() + "/slack/down";
		}
		List<String> settings = new ArrayList<>(sandbox.arguments(workDir));
		settings.add("--delivery.slack-webhook-files.down="
				+ Files.writeString(workDir.resolve("slack-down.url"), deadWebhook));
		settings.addAll(List.of("--report.output-dir=" + workDir.resolve("out"), "--spring.mail.host=127.0.0.1",
				"--spring.mail.port=" + greenMail.getSmtp().getPort(), "--delivery.retry-delay=0s",
				"--logging.file.name=/tmp/runpage-it.log"));
		console = TestConsole.start(settings, users);
		ReportLauncher launcher = console.bean(ReportLauncher.class);
		Schedules schedules = console.bean(Schedules.class);
		checkout = launcher
			.launch(new ReportRequest("weekly-performance", RequestedRange.typed(FROM, TO), workDir.resolve("out"),
					false, List.of("checkout@example.com"), schedules.teamOf("weekly-performance", "checkout")));
		storefront = launcher.launch(new ReportRequest("weekly-performance", RequestedRange.typed(FROM, TO),
				workDir.resolve("out"), false, List.of(), schedules.teamOf("weekly-performance", "storefront")));
		undelivered = launcher.launch(new ReportRequest("weekly-performance",
				RequestedRange.typed("2026-11-02T00:00:00+01:00", FROM), workDir.resolve("out"), false,
				List.of("checkout@example.com", "slack:down"), schedules.teamOf("weekly-performance", "checkout")));
	}

	@AfterAll
	static void stop() {
		if (console != null) {
			console.close();
		}
	}

	@Test
	void aTeamMemberSeesTheirRunsFiguresAsTheEmailSaidThemItsFilesAndItsDelivery() throws Exception {
		// given a member of checkout, signed in
		Browser cara = Browser.signedIn("cara", "cara-password");

		// when they open checkout's run
		HttpResponse<String> page = cara.get("/runs/" + checkout.executionId());

		// then they see its figures in its e-mail's words, each file to download, and
		// that checkout@example.com had it by e-mail
		RunDigest digest = RunDigests
			.keptText(
					ReportRuns.find(console.bean(JobRepository.class), console.bean(Job.class), checkout.executionId()))
			.orElseThrow();
		assertThat(checkout.result()).isEqualTo(ReportOutcome.Result.COMPLETED);
		assertThat(RunFigures.of(digest).headlines()).isNotEmpty();
		assertThat(page.statusCode()).isEqualTo(200);
		assertThat(page.body()).contains(DigestText.counts(digest.overview()))
			.contains(html(DigestText.headlinesTitle(digest)))
			.contains("Regressions worth a look")
			.contains(RunFigures.of(digest)
				.headlines()
				.stream()
				.map(figure -> "<th scope=\"row\">" + html(figure.name()) + "</th>")
				.toList())
			.contains("checkout@example.com")
			.contains(">sent<")
			.contains("e-mail")
			.doesNotContain(SECRET);
		assertThat(checkout.files()).isNotEmpty()
			.allSatisfy(file -> assertThat(page.body())
				.contains("/runs/" + checkout.executionId() + "/files/" + file.getFileName()));
		// and no mending action, as the run completed
		assertThat(page.body()).doesNotContain("/restart").doesNotContain("/abandon");
	}

	@Test
	void aRunWhoseDeliveryFailedTellsWhoGotItWhoDidNotAndWhyAndOnlyAnAdminIsOfferedToMendIt() throws Exception {
		// given a checkout run whose e-mail went and whose Slack post failed
		Browser cara = Browser.signedIn("cara", "cara-password");
		Browser ada = Browser.signedIn("ada", "ada-password");
		String path = "/runs/" + undelivered.executionId();

		// when the team's viewer and an admin open it
		String viewer = cara.get(path).body();
		String admin = ada.get(path).body();

		// then both see the e-mail sent, the Slack post failed with why, and the failure
		assertThat(undelivered.result()).isEqualTo(ReportOutcome.Result.FAILED);
		for (String page : List.of(viewer, admin)) {
			assertThat(page).contains("checkout@example.com")
				.contains(">sent<")
				.contains("slack:down")
				.contains(">failed<")
				.contains("Slack")
				.contains("What went wrong")
				.doesNotContain(deadWebhook);
		}
		// and only the admin has the forms that restart or abandon it
		assertThat(admin).contains("action=\"" + path + "/restart\"")
			.contains("action=\"" + path + "/abandon\"")
			.contains("name=\"_csrf\"");
		assertThat(viewer).doesNotContain(path + "/restart")
			.doesNotContain(path + "/abandon")
			.contains("An admin can restart or abandon this run.");
	}

	@Test
	void theWorkbookDownloadedIsTheFileByteForByte() throws Exception {
		// given a member of checkout, signed in
		Browser cara = Browser.signedIn("cara", "cara-password");
		Path workbook = checkout.files()
			.stream()
			.filter(file -> file.toString().endsWith(".xlsx"))
			.findFirst()
			.orElseThrow();

		// when they download the run's workbook, from the page and from the API
		HttpResponse<byte[]> page = cara.bytes("/runs/" + checkout.executionId() + "/files/" + workbook.getFileName());
		HttpResponse<byte[]> api = cara
			.bytes("/api/runs/" + checkout.executionId() + "/files/" + workbook.getFileName());

		// then both are the file, as a spreadsheet to save under its name
		for (HttpResponse<byte[]> download : List.of(page, api)) {
			assertThat(download.statusCode()).isEqualTo(200);
			assertThat(download.body()).isEqualTo(Files.readAllBytes(workbook));
			assertThat(download.headers().firstValue("Content-Type"))
				.hasValue("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
			assertThat(download.headers().firstValue("Content-Disposition")).get()
				.asString()
				.startsWith("attachment")
				.contains(workbook.getFileName().toString());
		}
	}

	@Test
	void anotherTeamsRunIsNotFoundOnThePageTheProgressTheFilesAndTheApi() throws Exception {
		// given a member of checkout, signed in, and storefront's run
		Browser cara = Browser.signedIn("cara", "cara-password");
		long id = storefront.executionId();
		String workbook = storefront.files().get(0).getFileName().toString();

		// when they ask for it every way there is
		// then each answer is 404, a page of one line without a class name
		for (String path : List.of("/runs/" + id, "/runs/" + id + "/progress", "/runs/" + id + "/files/" + workbook,
				"/api/runs/" + id + "/files/" + workbook)) {
			HttpResponse<String> answer = cara.get(path);
			assertThat(answer.statusCode()).as(path).isEqualTo(404);
			assertThat(answer.body()).as(path)
				.contains("no run " + id)
				.doesNotContain("Exception")
				.doesNotContain("io.apmreports");
		}
	}

	@Test
	void aFileOutsideTheRunsFolderIsNeverServed() throws Exception {
		// given a member of checkout, signed in, and a file beside the run's folder
		Browser cara = Browser.signedIn("cara", "cara-password");
		long id = checkout.executionId();

		// when they ask for paths that climb out of the run's folder, plainly, encoded
		// and absolute
		List<String> names = List.of("..%2F..%2F..%2F..%2Fkey", "%2e%2e%2f%2e%2e%2fkey", "%252e%252e%252fkey",
				URLEncoder.encode(workDir.resolve("key").toString(), StandardCharsets.UTF_8), "..", "key");

		// then none is served: each is refused, none with the key's text
		for (String name : names) {
			for (String prefix : List.of("/runs/", "/api/runs/")) {
				HttpResponse<String> answer = cara.get(prefix + id + "/files/" + name);
				assertThat(answer.statusCode()).as(prefix + name).isIn(400, 404);
				assertThat(answer.body()).as(prefix + name).doesNotContain(SECRET).doesNotContain("Exception");
			}
		}
	}

	@Test
	void theProgressOfAnEndedRunTellsItsStatusAndAsksForNoMorePolling() throws Exception {
		// given a member of checkout, signed in
		Browser cara = Browser.signedIn("cara", "cara-password");

		// when the page's status part is polled for the completed run
		HttpResponse<String> part = cara.get("/runs/" + checkout.executionId() + "/progress");

		// then it is the part alone, COMPLETED and not going on
		assertThat(part.statusCode()).isEqualTo(200);
		assertThat(part.body().strip()).startsWith("<section")
			.contains("data-status=\"COMPLETED\"")
			.contains("data-going=\"false\"")
			.doesNotContain("<html");
	}

	@Test
	void theSchedulesShowATeamMemberOnlyTheirTeamsShareAndAnAdminEveryOne() throws Exception {
		// given a member of checkout and an admin, signed in
		Browser cara = Browser.signedIn("cara", "cara-password");
		Browser ada = Browser.signedIn("ada", "ada-password");

		// when each opens the schedules, as a page and from the API
		String page = cara.get("/schedules").body();
		String api = cara.get("/api/schedules").body();
		String all = ada.get("/schedules").body();

		// then the member sees checkout's share of the fanned-out schedule, with its
		// recipients and the latest run of checkout's share, and no other team's nor the
		// whole account's
		assertThat(schedulesNamed(page)).containsExactly("weekly-teams/checkout");
		assertThat(page).contains("checkout@example.com").contains("run " + undelivered.executionId());
		assertThat(api).contains("\"name\":\"weekly-teams/checkout\"")
			.doesNotContain("storefront")
			.doesNotContain("weekly-ops");
		// and the admin every schedule
		assertThat(schedulesNamed(all)).contains("weekly-ops", "monthly-finance", "weekly-teams/checkout",
				"weekly-teams/storefront", "weekly-teams/platform");
	}

	private static List<String> schedulesNamed(String page) {
		List<String> names = new ArrayList<>();
		Matcher matcher = Pattern.compile("data-schedule=\"([^\"]+)\"").matcher(page);
		while (matcher.find()) {
			names.add(matcher.group(1));
		}
		return names;
	}

	private static String html(String text) {
		return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
	}

	/** A browser's session: its cookies, signed in through the login form. */
	private record Browser(HttpClient client) {

		static Browser signedIn(String name, String password) throws IOException, InterruptedException {
			Browser browser = new Browser(HttpClient.newBuilder()
				.cookieHandler(new CookieManager())
				.followRedirects(HttpClient.Redirect.NEVER)
				.build());
			String form = browser.get("/login").body();
			Matcher csrf = Pattern.compile("name=\"_csrf\"[^>]*value=\"([^\"]+)\"").matcher(form);
			assertThat(csrf.find()).as("the login form's CSRF token").isTrue();
			HttpResponse<String> login = browser.client.send(HttpRequest.newBuilder(console.url("/login"))
				.header("Content-Type", "application/x-www-form-urlencoded")
				.POST(HttpRequest.BodyPublishers.ofString("username=" + name + "&password=" + password + "&_csrf="
						+ URLEncoder.encode(csrf.group(1), StandardCharsets.UTF_8)))
				.build(), HttpResponse.BodyHandlers.ofString());
			assertThat(login.headers().firstValue("Location")).as("signed in").get().asString().endsWith("/runs");
			return browser;
		}

		HttpResponse<String> get(String path) throws IOException, InterruptedException {
			// a page is asked for as a browser does, the API as a program does
			String accept = path.startsWith("/api/") ? "application/json" : "text/html";
			return client.send(
					HttpRequest.newBuilder(URI.create(console.url("") + path)).header("Accept", accept).build(),
					HttpResponse.BodyHandlers.ofString());
		}

		HttpResponse<byte[]> bytes(String path) throws IOException, InterruptedException {
			return client.send(HttpRequest.newBuilder(URI.create(console.url("") + path)).build(),
					HttpResponse.BodyHandlers.ofByteArray());
		}

	}

}
