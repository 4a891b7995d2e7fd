package io.apmreports.web.page;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import com.icegreen.greenmail.junit5.GreenMailExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Cookie;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

import io.apmreports.definition.ScheduleTeam;
import io.apmreports.run.ReportLauncher;
import io.apmreports.run.ReportOutcome;
import io.apmreports.run.ReportRequest;
import io.apmreports.run.RequestedRange;
import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.schedule.Schedules;
import io.apmreports.testing.TestConsole;
import io.apmreports.testing.TestMail;
import io.apmreports.testing.TestSandbox;

/**
 * The console in a real browser (Chromium, headless), as a member of team checkout uses
 * it: sees only checkout's runs, launches last week, watches it complete without
 * reloading, downloads its workbook, previews and sends it once; a viewer cannot launch,
 * and no one signed out reaches a page or the API. Each page is also saved as a picture
 * at a phone's and a desktop's width, under {@code app/target/console-screenshots/}.
 */
class ConsoleBrowserIntegrationTests {

	private static final Path CHROMIUM = Path.of("/usr/bin/chromium");

	private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

	private static final Path SCREENSHOTS = Path.of("app/target/console-screenshots");

	private static final Duration PATIENCE = Duration.ofSeconds(120);

	private static final String REPORT = "weekly-performance";

	private static final String VIEWER_TOKEN = "viewer-token-of-checkout";

	@RegisterExtension
	static final TestSandbox sandbox = TestSandbox.paced(SandboxOptions.demo("browser-test-key"));

	@RegisterExtension
	static final GreenMailExtension mail = TestMail.server();

	@TempDir
	static Path workDir;

	static TestConsole console;

	static long storefrontRun;

	private final HttpClient http = HttpClient.newHttpClient();

	private WebDriver browser;

	@BeforeAll
	static void startConsoleWithAStorefrontRun() throws IOException {
		Path schedules = Files.createDirectories(workDir.resolve("schedules"));
		Files.copy(Path.of("app/src/test/resources/team-schedules/weekly-teams.yml"),
				schedules.resolve("weekly-teams.yml"));
		Path users = TestConsole.usersFile(workDir.resolve("users.yml"),
				List.of(new TestConsole.User("ana", "ana-password", "launcher", "checkout"),
						new TestConsole.User("vic", "vic-password", "viewer", "checkout"),
						new TestConsole.User("sol", "sol-password", "launcher", "storefront")),
				List.of(new TestConsole.Token("viewer-bot", VIEWER_TOKEN, "viewer", List.of("checkout"))));
		List<String> settings = new ArrayList<>(sandbox.arguments(workDir));
		settings.addAll(List.of("--report.definitions=reports", "--report.output-dir=" + workDir.resolve("out"),
				"--schedule.definitions=" + schedules, "--spring.mail.host=127.0.0.1",
				"--spring.mail.port=" + mail.getSmtp().getPort()));
		console = TestConsole.start(settings, users);
		ScheduleTeam storefront = console.bean(Schedules.class).teamOf(REPORT, "storefront");
		ReportOutcome outcome = console.bean(ReportLauncher.class)
			.launch(new ReportRequest(REPORT, RequestedRange.typed(null, null), null, false, List.of(), storefront),
					id -> storefrontRun = id);
		assertThat(storefrontRun).as(outcome.toString()).isPositive();
	}

	@AfterAll
	static void stopConsole() {
		if (console != null) {
			console.close();
		}
	}

	@BeforeEach
	void openBrowser() {
		browser = chromium();
	}

	@AfterEach
	void closeBrowser() {
		if (browser != null) {
			browser.quit();
		}
	}

	@Test
	void aCheckoutMemberLaunchesWatchesDownloadsAndSendsItOnce() throws Exception {
		// given a member of checkout, signed in
		browser.get(console.url("/login").toString());
		shoot("login");
		signIn("ana", "ana-password");

		// then the runs page shows no run of storefront
		assertThat(browser.getCurrentUrl()).endsWith("/runs");
		assertThat(browser.findElements(By.cssSelector("[data-run='" + storefrontRun + "']"))).isEmpty();
		assertThat(browser.findElement(By.tagName("h1")).getText()).as(browser.getPageSource()).isEqualTo("Runs");
		shoot("runs");

		// when they launch last week for checkout, having seen the range in words
		browser.findElement(By.linkText("Launch")).click();
		new Select(browser.findElement(By.name("report"))).selectByValue(REPORT);
		browser.findElement(By.cssSelector("input[name=range][value=last-week]")).click();
		// (the console says the range anew once the report changes: the words are the
		// report's own when they name its zone)
		wait(browser).until(ExpectedConditions.textMatches(By.id("range-words"),
				Pattern.compile("\\w{3} \\d{1,2} \\w{3} to \\w{3} \\d{1,2} \\w{3} \\d{4}, Europe/Berlin")));
		// the form asks the console for the report's teams and range once the report
		// changes
		wait(browser)
			.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#team option[value=checkout]")));
		new Select(browser.findElement(By.name("team"))).selectByValue("checkout");
		shoot("launch");
		browser.findElement(By.id("run")).click();

		// then they are on the run's page, which shows it reach COMPLETED without a
		// reload
		wait(browser).until(ExpectedConditions.urlMatches("/runs/\\d+$"));
		long run = Long.parseLong(browser.getCurrentUrl().replaceAll(".*/runs/", ""));
		((JavascriptExecutor) browser).executeScript("window.notReloaded = 'still here';");
		shoot("run-running");
		assertThat(browser.findElement(By.id("live")).getAttribute("data-status")).isNotEqualTo("COMPLETED");
		wait(browser).until(ExpectedConditions.attributeToBe(By.id("live"), "data-status", "COMPLETED"));
		wait(browser).until(ExpectedConditions.presenceOfElementLocated(By.id("send-card")));
		assertThat(((JavascriptExecutor) browser).executeScript("return window.notReloaded;")).isEqualTo("still here");
		shoot("run-completed");
		((JavascriptExecutor) browser).executeScript("document.getElementById('send-card').scrollIntoView();");
		shoot("run-send");

		// when they download its workbook, the bytes are the file's
		WebElement workbook = browser.findElement(By.cssSelector("a[href*='/files/'][href$='.xlsx']"));
		String href = workbook.getAttribute("href");
		HttpResponse<byte[]> download = http.send(signedIn(URI.create(href)).build(),
				HttpResponse.BodyHandlers.ofByteArray());
		assertThat(download.statusCode()).isEqualTo(200);
		assertThat(download.body()).isEqualTo(Files.readAllBytes(file(href.substring(href.lastIndexOf('/') + 1))));

		// when they preview the message to one address, nothing is sent
		browser.findElement(By.name("to")).sendKeys("finance@example.com");
		browser.findElement(By.id("preview")).click();
		wait(browser).until(ExpectedConditions.urlContains("/preview"));
		assertThat(browser.findElement(By.id("to")).getText()).contains("finance@example.com");
		assertThat(browser.findElement(By.tagName("iframe")).getAttribute("sandbox")).isEmpty();
		shoot("preview");
		assertThat(mail.getReceivedMessages()).isEmpty();

		// when they send it to that address, one message goes
		browser.get(console.url("/runs/" + run).toString());
		send("finance@example.com");
		assertThat(browser.findElement(By.id("flash")).getText()).contains("finance@example.com");
		assertThat(mail.waitForIncomingEmail(PATIENCE.toMillis(), 1)).isTrue();
		assertThat(TestMail.recipients(mail.getReceivedMessages())).containsExactly("finance@example.com");

		// when they send it to the same address again, nothing more goes
		send("finance@example.com");
		assertThat(browser.findElement(By.id("flash")).getText())
			.contains("finance@example.com had the report already");
		assertThat(mail.getReceivedMessages()).hasSize(1);
		assertThat(browser.findElement(By.id("done")).getText()).contains("ana · launch", "ana · resend");
		((JavascriptExecutor) browser).executeScript("document.getElementById('flash').scrollIntoView();");
		shoot("run-sent");

		// and the runs page lists checkout's run, still not storefront's
		browser.findElement(By.linkText("Runs")).click();
		wait(browser).until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("[data-run='" + run + "']")));
		assertThat(browser.findElements(By.cssSelector("[data-run='" + storefrontRun + "']"))).isEmpty();
		shoot("runs-with-a-run");
	}

	@Test
	void aViewerHasNoLaunchButtonAndTheApiRefusesItsLaunch() throws Exception {
		browser.get(console.url("/login").toString());
		signIn("vic", "vic-password");

		assertThat(browser.findElements(By.linkText("Launch"))).isEmpty();
		browser.get(console.url("/launch").toString());
		assertThat(browser.findElements(By.id("run"))).isEmpty();
		assertThat(browser.findElement(By.tagName("h1")).getText()).as(browser.getPageSource())
			.isEqualTo("Not allowed");

		HttpResponse<String> launch = http.send(HttpRequest.newBuilder(console.url("/api/launches"))
			.header("Authorization", "Bearer " + VIEWER_TOKEN)
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers
				.ofString("{\"report\":\"" + REPORT + "\",\"range\":\"last-week\"," + "\"team\":\"checkout\"}"))
			.build(), HttpResponse.BodyHandlers.ofString());
		assertThat(launch.statusCode()).as(launch.body()).isEqualTo(403);
	}

	@Test
	void someoneSignedOutGetsTheLoginPageOrA401() throws Exception {
		browser.get(console.url("/runs").toString());
		assertThat(browser.getCurrentUrl()).endsWith("/login");
		assertThat(browser.findElement(By.name("password")).isDisplayed()).isTrue();

		HttpResponse<String> api = http.send(HttpRequest.newBuilder(console.url("/api/runs")).build(),
				HttpResponse.BodyHandlers.ofString());
		assertThat(api.statusCode()).isEqualTo(401);
	}

	private void signIn(String name, String password) {
		browser.findElement(By.name("username")).sendKeys(name);
		browser.findElement(By.name("password")).sendKeys(password);
		browser.findElement(By.cssSelector("form button[type=submit]")).click();
		wait(browser).until(ExpectedConditions.urlContains("/runs"));
	}

	private void send(String address) {
		WebElement recipients = browser.findElement(By.name("recipients"));
		recipients.clear();
		recipients.sendKeys(address);
		String before = browser.getCurrentUrl();
		browser.findElement(By.id("send")).click();
		wait(browser).until(ExpectedConditions.presenceOfElementLocated(By.id("flash")));
		assertThat(browser.getCurrentUrl()).isEqualTo(before);
	}

	/** A request carrying the browser's session, as a download by the browser would. */
	private HttpRequest.Builder signedIn(URI uri) {
		Cookie session = browser.manage().getCookieNamed("JSESSIONID");
		return HttpRequest.newBuilder(uri).header("Cookie", session.getName() + "=" + session.getValue());
	}

	private static Path file(String name) throws IOException {
		try (Stream<Path> files = Files.walk(workDir.resolve("out"))) {
			List<Path> found = files.filter(path -> path.getFileName().toString().equals(name))
				.filter(path -> path.toString().contains("/checkout/"))
				.toList();
			assertThat(found).as("files called " + name).hasSize(1);
			return found.get(0);
		}
	}

	/** The page as it is now, at a phone's width and at a desktop's. */
	private void shoot(String page) throws IOException {
		Files.createDirectories(SCREENSHOTS);
		Dimension before = browser.manage().window().getSize();
		for (Window window : Window.values()) {
			browser.manage().window().setSize(window.size);
			Path picture = ((TakesScreenshot) browser).getScreenshotAs(OutputType.FILE).toPath();
			Files.copy(picture, SCREENSHOTS.resolve(page + "-" + window.name().toLowerCase(Locale.ROOT) + ".png"),
					StandardCopyOption.REPLACE_EXISTING);
		}
		browser.manage().window().setSize(before);
	}

	/** The windows each page is pictured in. */
	private enum Window {

		PHONE(new Dimension(390, 844)), DESKTOP(new Dimension(1366, 900));

		private final Dimension size;

		Window(Dimension size) {
			this.size = size;
		}

	}

	private static WebDriverWait wait(WebDriver browser) {
		return new WebDriverWait(browser, PATIENCE);
	}

	/**
	 * Chromium, headless: in CI a missing browser fails the test, elsewhere it skips it,
	 * naming what is missing.
	 */
	private static WebDriver chromium() {
		for (Path program : List.of(CHROMIUM, CHROMEDRIVER)) {
			boolean there = Files.isExecutable(program);
			if (!there && "true".equals(System.getenv("CI"))) {
				throw new AssertionError(program + " is missing: install the chromium and chromium-driver packages");
			}
			assumeThat(there).as(program + " is missing: install the chromium and chromium-driver packages").isTrue();
		}
		ChromeOptions options = new ChromeOptions().setBinary(CHROMIUM.toFile())
			.addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1366,900");
		ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile())
			.build();
		return new ChromeDriver(service, options);
	}

}
