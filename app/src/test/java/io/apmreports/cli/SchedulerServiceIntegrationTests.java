package io.apmreports.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.Reader;
import java.net.ConnectException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.icegreen.greenmail.configuration.GreenMailConfiguration;
import com.icegreen.greenmail.junit5.GreenMailExtension;
import com.icegreen.greenmail.util.ServerSetupTest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.sandbox.SandboxServer;
import io.apmreports.testing.ChildJvm;
import io.apmreports.testing.TestMail;
import io.apmreports.testing.WebhookReceiver;

/**
 * The scheduler as an ops team runs it, in a process of its own on the default H2 job
 * repository: its health and Prometheus endpoints tell the runs, requests and deliveries
 * of a fired schedule and no secret; and the commands an engineer runs on the same node
 * meanwhile work, the scheduler's run and theirs writing the files a lone run writes.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SchedulerServiceIntegrationTests {

	private static final String KEY = "NRAK-SECRETSCHEDULERKEY42";

	private static final String PASSWORD = "SECRET-mail-pa55word";

	private static final String WEBHOOK = "T0SECRET77/B0SECRET/SchedulerWebhookToken";

	private static final String[] SECRETS = { KEY, PASSWORD, WEBHOOK, "SECRET" };

	@RegisterExtension
	static final GreenMailExtension greenMail = new GreenMailExtension(ServerSetupTest.SMTP.dynamicPort())
		.withConfiguration(GreenMailConfiguration.aConfig().withUser("apm-reports", PASSWORD))
		.withPerMethodLifecycle(false);

	@TempDir
	static Path workDir;

	private static final HttpClient http = HttpClient.newHttpClient();

	private static WebhookReceiver receiver;

	private static SandboxServer sandbox;

	private static Process scheduler;

	private static int port;

	@BeforeAll
	static void startTheScheduler() throws IOException {
		receiver = WebhookReceiver.start();
		sandbox = SandboxServer.start(SandboxOptions.demo(KEY));
		Path schedules = Files.createDirectories(workDir.resolve("schedules"));
		// fires every minute: at its start it catches up the minute just gone
		Files.writeString(schedules.resolve("every-minute.yml"), """
				name: every-minute
				cron: 0 * * * * *
				zone: Europe/Berlin
				report: weekly-performance
				recipients: [ops@example.com, slack:ops]
				""");
		List<String> args = new ArrayList<>(
				List.of("scheduler", "--schedule.definitions=" + schedules, "--schedule.catch-up=10m",
						"--management.server.port=0", "--server.port=0", "--spring.mail.username=apm-reports"));
		args.addAll(setup("scheduler"));
		scheduler = ChildJvm.start(args, Map.of("APM_API_KEY", KEY, "SPRING_MAIL_PASSWORD", PASSWORD,
				"APM_SLACK_WEBHOOK_OPS", receiver.url("slack", "ops/" + WEBHOOK)), workDir.resolve("scheduler.log"));
	}

	/** The source, data directory and files of both the scheduler and the commands. */
	private static List<String> setup(String name) {
		return List.of("--apm.base-url=" + sandbox.baseUrl(), "--apm.account-id=" + SandboxOptions.DEMO_ACCOUNT_ID,
				"--apm.rate-limit=0", "--report.data-dir=" + workDir.resolve(name + "/data"),
				"--report.output-dir=" + workDir.resolve(name + "/output"), "--spring.mail.host=127.0.0.1",
				"--spring.mail.port=" + greenMail.getSmtp().getPort());
	}

	@AfterAll
	static void stop() throws Exception {
		if (scheduler != null) {
			scheduler.destroyForcibly().waitFor();
		}
		receiver.close();
		sandbox.close();
	}

	@Test
	@Order(1)
	void theEndpointsTellTheRunsRequestsAndDeliveriesOfAFiredSchedule() throws Exception {
		// given the scheduler caught up its fire of the minute gone
		String metrics = await().atMost(Duration.ofSeconds(180))
			.pollInterval(Duration.ofMillis(200))
			.ignoreExceptionsInstanceOf(IOException.class)
			.until(() -> prometheusOnceRunning(), text -> text.contains("apm_reports_runs_total"));

		// when the probes and the dashboard ask
		JsonNode liveness = json(get("/actuator/health/liveness"));
		JsonNode readiness = json(get("/actuator/health/readiness"));

		// then
		assertThat(liveness.path("status").asText()).as(liveness.toString()).isEqualTo("UP");
		assertThat(liveness.path("components").path("scheduler").path("details").path("nextFires").has("every-minute"))
			.isTrue();
		assertThat(readiness.path("status").asText()).as(readiness.toString()).isEqualTo("UP");
		assertThat(readiness.path("components").fieldNames()).toIterable()
			.contains("db", "mail", "scheduler", "source", "readinessState");
		assertThat(readiness.path("components").path("source").path("details").path("host").asText())
			.isEqualTo(sandbox.baseUrl().getHost() + ":" + sandbox.baseUrl().getPort());
		assertThat(value(metrics, "apm_reports_runs_total", "outcome=\"completed\",report=\"weekly-performance\""))
			.isEqualTo(1);
		assertThat(value(metrics, "apm_reports_requests_total", "kind=\"metric-data\"")).isPositive();
		assertThat(value(metrics, "apm_reports_too_many_requests_total", "source=")).isZero();
		assertThat(
				value(metrics, "apm_reports_deliveries_total", "channel=\"email\",message=\"report\",outcome=\"sent\""))
			.isEqualTo(1);
		assertThat(
				value(metrics, "apm_reports_deliveries_total", "channel=\"slack\",message=\"report\",outcome=\"sent\""))
			.isEqualTo(1);
		assertThat(value(metrics, "apm_reports_rows_written_total", "report=\"weekly-performance\"")).isPositive();
		assertThat(metrics).containsPattern("apm_reports_schedule_next_fire_seconds\\{.*schedule=\"every-minute\"");
		// and every line of the run names it, those of the threads fetching sections side
		// by side too
		assertThat(Files.readString(workDir.resolve("scheduler/data/apm-reports.log")))
			.containsPattern("\\[ *sections-\\d+\\] .*\\[run 1 weekly-performance\\] : Step: \\[fetch")
			.containsPattern("\\[run 1 weekly-performance\\] : Statistics: ");
		assertThat(greenMail.waitForIncomingEmail(1)).as(Files.readString(workDir.resolve("scheduler.log"))).isTrue();
		assertThat(TestMail.recipients(greenMail.getReceivedMessages())).containsExactly("ops@example.com");
		assertThat(receiver.accepted("/slack/ops/" + WEBHOOK)).hasSize(1);
		assertThat(receiver.violations()).isEmpty();
	}

	@Test
	@Order(2)
	void noExposedEndpointShowsTheKeyAWebhookUrlOrTheMailPassword() throws Exception {
		// given every endpoint the scheduler lists, and every metric's own page
		List<String> paths = new ArrayList<>();
		json(get("/actuator")).path("_links").forEach(link -> paths.add(link.path("href").asText()));
		json(get("/actuator/metrics")).path("names")
			.forEach(name -> paths.add("http://127.0.0.1:" + port + "/actuator/metrics/" + name.asText()));
		List<String> pages = new ArrayList<>();

		// when each is read
		for (String path : paths) {
			String concrete = path.replace("{*path}", "liveness").replace("{requiredMetricName}", "apm.reports.runs");
			pages.add(concrete + "\n" + get(URI.create(concrete).getPath()));
		}

		// then none holds a secret
		assertThat(paths).hasSizeGreaterThan(20);
		assertThat(pages).allSatisfy(page -> assertThat(page).doesNotContain(SECRETS));
	}

	@Test
	@Order(2)
	void theManagementPortAndTheServedRepositoryListenOnLoopbackAlone() throws Exception {
		// given an address of this machine's that is not loopback
		InetAddress outside = NetworkInterface.networkInterfaces()
			.filter(network -> !isLoopback(network))
			.flatMap(NetworkInterface::inetAddresses)
			.filter(Inet4Address.class::isInstance)
			.findFirst()
			.orElse(null);
		assumeTrue(outside != null, "this machine has no address but loopback");
		Properties served = new Properties();
		try (Reader reader = Files.newBufferedReader(workDir.resolve("scheduler/data/apm-reports.server"))) {
			served.load(reader);
		}
		int repository = Integer.parseInt(served.getProperty("port"));

		// when, then: both answer on loopback, and neither on the other address
		for (int listening : List.of(port, repository)) {
			try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), listening)) {
				assertThat(socket.isConnected()).isTrue();
			}
			assertThatThrownBy(() -> new Socket(outside, listening).close()).as(outside + ":" + listening)
				.isInstanceOf(ConnectException.class);
		}
	}

	private static boolean isLoopback(NetworkInterface network) {
		try {
			return network.isLoopback();
		}
		catch (SocketException ex) {
			return true;
		}
	}

	@Test
	@Order(3)
	void commandsBesideTheSchedulerWorkAndWriteTheFilesOfALoneRun() throws Exception {
		// given the scheduler's run 1 completed (the test before waited for it)
		Path data = workDir.resolve("scheduler/data");
		assertThat(data.resolve("apm-reports.server")).exists();

		// when an engineer lists, shows and runs again the same report and range
		CliRunner.Result runs = CliRunner.run(repository("runs"));
		CliRunner.Result show = CliRunner.run(repository("show", "1"));
		CliRunner.Result run = CliRunner.run(command("scheduler", "run", "weekly-performance", "--force"));
		CliRunner.Result alone = CliRunner
			.run(command("alone", "run", "weekly-performance", "--spring.profiles.active=json-logs"));

		// then each worked beside it, through the repository it serves
		assertThat(runs.exitCode()).as(runs.all()).isZero();
		assertThat(runs.out()).containsPattern("(?m)^1 +weekly-performance .* COMPLETED ");
		assertThat(show.exitCode()).as(show.all()).isZero();
		assertThat(show.out()).contains("Status:   COMPLETED").contains("summary.csv");
		assertThat(run.exitCode()).as(run.all()).isZero();
		assertThat(alone.exitCode()).as(alone.all()).isZero();
		assertThat(CliRunner.run(repository("runs")).out()).containsPattern("(?m)^2 +weekly-performance .* COMPLETED ");
		// and the lone run, logging JSON, put its run and report on each line of it
		List<JsonNode> lines = new ArrayList<>();
		for (String line : Files.readAllLines(workDir.resolve("alone/data/apm-reports.log"))) {
			lines.add(json(line));
		}
		assertThat(lines).anySatisfy(line -> {
			assertThat(line.path("run").asText()).isEqualTo("1");
			assertThat(line.path("report").asText()).isEqualTo("weekly-performance");
			assertThat(line.path("process").path("thread").path("name").asText()).startsWith("sections-");
		});
		// and the files are those of a lone run, byte for byte where they carry no time
		Path shared = range("scheduler");
		Path lone = range("alone");
		assertThat(shared.getFileName()).isEqualTo(lone.getFileName());
		assertThat(names(shared)).isEqualTo(names(lone)).contains("summary.csv", "comparison.csv");
		for (String csv : names(lone).stream().filter(name -> name.endsWith(".csv")).toList()) {
			assertThat(timeless(shared.resolve(csv))).as(csv).isEqualTo(timeless(lone.resolve(csv)));
		}

		// and the scheduler, stopped now, stops cleanly and gives the repository back
		scheduler.destroy();
		assertThat(scheduler.waitFor()).as(Files.readString(workDir.resolve("scheduler.log"))).isEqualTo(143);
		assertThat(data.resolve("apm-reports.server")).doesNotExist();
		CliRunner.Result after = CliRunner.run(repository("runs"));
		assertThat(after.exitCode()).as(after.all()).isZero();
		assertThat(after.out()).containsPattern("(?m)^2 +weekly-performance .* COMPLETED ")
			.containsPattern("(?m)^1 +weekly-performance .* COMPLETED ");
	}

	@Test
	@Order(4)
	void aManagementPortInUseIsOneLineAndExitTwo() throws Exception {
		// given a port another program holds
		try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			Path log = workDir.resolve("taken.log");

			// when a scheduler is given it
			Process second = ChildJvm
				.start(List.of("scheduler", "--demo", "--management.server.port=" + taken.getLocalPort(),
						"--server.port=0", "--report.data-dir=" + workDir.resolve("taken/data"),
						"--report.output-dir=" + workDir.resolve("taken/output"),
						"--schedule.definitions=" + workDir.resolve("schedules")), log);

			// then it ends at once, with one line (a guard, not a measure: it never
			// serves)
			assertThat(second.waitFor(120, TimeUnit.SECONDS)).as(Files.readString(log)).isTrue();
			assertThat(second.exitValue()).as(Files.readString(log)).isEqualTo(2);
			assertThat(Files.readString(log))
				.contains("apm-reports: port " + taken.getLocalPort() + " is in use by another program")
				.contains("--management.server.port=PORT")
				.doesNotContain("\tat ");
		}
	}

	/** A command on the job repository alone. */
	private static String[] repository(String... command) {
		return Stream.concat(Stream.of(command), Stream.of("--report.data-dir=" + workDir.resolve("scheduler/data")))
			.toArray(String[]::new);
	}

	/** A command that reads the source, on {@code name}'s data and output directories. */
	private static String[] command(String name, String... command) throws IOException {
		return Stream
			.concat(Stream.concat(Stream.of(command), Stream.of("--apm.api-key-file=" + keyFile())),
					setup(name).stream())
			.toArray(String[]::new);
	}

	/**
	 * The one range directory the runs of {@code name} wrote; beside it, hidden, the
	 * folder of its digest's pictures is no range.
	 */
	private static Path range(String name) throws IOException {
		try (Stream<Path> ranges = Files.list(workDir.resolve(name + "/output/weekly-performance/1234567"))) {
			return ranges.filter(range -> !range.getFileName().toString().startsWith(".")).reduce((one, other) -> {
				throw new AssertionError("two ranges: " + one + ", " + other);
			}).orElseThrow();
		}
	}

	/** A file's text without the moment key transactions were read at. */
	private static String timeless(Path csv) throws IOException {
		return Files.readString(csv).replaceAll("rolling 10 minutes at [^,\\n]*", "rolling 10 minutes");
	}

	private static Path keyFile() throws IOException {
		return Files.writeString(workDir.resolve("key"), KEY);
	}

	private static List<String> names(Path directory) throws IOException {
		try (Stream<Path> files = Files.list(directory)) {
			return files.map(file -> file.getFileName().toString())
				.filter(name -> !name.startsWith("."))
				.sorted()
				.toList();
		}
	}

	private static double value(String metrics, String name, String labels) {
		Matcher matcher = Pattern.compile("(?m)^" + name + "\\{[^}]*" + Pattern.quote(labels) + "[^}]*} (\\S+)$")
			.matcher(metrics);
		assertThat(matcher.find()).as(name + " " + labels + " in\n" + metrics).isTrue();
		return Double.parseDouble(matcher.group(1));
	}

	/** The Prometheus text; a scheduler that ended is a failure with its log. */
	private static String prometheusOnceRunning() throws IOException, InterruptedException {
		String log = Files.readString(workDir.resolve("scheduler.log"));
		if (!scheduler.isAlive()) {
			throw new AssertionError("the scheduler ended with " + scheduler.exitValue() + ":\n" + log);
		}
		// the port it chose, as it tells it at its start
		Matcher served = Pattern.compile("Health and metrics at http://127\\.0\\.0\\.1:(\\d+)/actuator ").matcher(log);
		if (!served.find()) {
			throw new IOException("not serving yet");
		}
		port = Integer.parseInt(served.group(1));
		return get("/actuator/prometheus");
	}

	private static String get(String path) throws IOException, InterruptedException {
		HttpResponse<String> response = http.send(
				HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
				HttpResponse.BodyHandlers.ofString());
		return response.body();
	}

	private static JsonNode json(String text) throws IOException {
		return new ObjectMapper().readTree(text);
	}

}
