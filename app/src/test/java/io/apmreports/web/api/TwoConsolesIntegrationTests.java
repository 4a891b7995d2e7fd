package io.apmreports.web.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.jdbc.core.JdbcTemplate;

import io.apmreports.sandbox.Faults;
import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.testing.AtTheSameMoment;
import io.apmreports.testing.TestConsole;
import io.apmreports.testing.TestPostgres;
import io.apmreports.testing.TestSandbox;
import io.apmreports.web.ActionLog;
import io.apmreports.web.api.ApiClient.Answer;

/**
 * Two consoles, each a node of its own over one PostgreSQL job repository (a real
 * server): a launch of the same report and range from both at once runs it once.
 */
class TwoConsolesIntegrationTests {

	private static final String TOKEN = "launcher-token-2";

	// paced, with a little latency, so that the first node's run surely still goes on
	// when the second one tries
	@RegisterExtension
	static final TestSandbox sandbox = TestSandbox
		.paced(SandboxOptions.demo("two-consoles-key").withFaults(Faults.none().withLatency(Duration.ofMillis(20))));

	@TempDir
	static Path workDir;

	@Test
	void twoLaunchesOfOneReportAndRangeAtOnceFromTwoConsolesMakeOneRun() throws Exception {
		TestPostgres.Database database = TestPostgres.newDatabase();
		Path users = ApiClient.tokensFile(workDir.resolve("console-users.yml"), "deploy-bot", TOKEN, "launcher");
		try (TestConsole first = node("first", database, users); TestConsole second = node("second", database, users)) {
			ApiClient firstApi = new ApiClient(first::url);
			ApiClient secondApi = new ApiClient(second::url);
			Map<String, String> launch = Map.of("report", "weekly-performance", "range", "last-week");

			// when both consoles launch last week's report at the same moment
			List<Answer> answers = AtTheSameMoment.run(() -> firstApi.post("/api/launches", TOKEN, launch),
					() -> secondApi.post("/api/launches", TOKEN, launch));

			// then one started it, and the other was told it is busy elsewhere or done
			assertThat(answers).extracting(Answer::status).containsOnlyOnce(202);
			Answer started = answers.stream().filter(answer -> answer.status() == 202).findFirst().orElseThrow();
			Answer other = answers.stream().filter(answer -> answer != started).findFirst().orElseThrow();
			assertThat(other.status()).as(other.text()).isIn(409, 200);
			long runId = started.json().path("runId").asLong();
			if (other.status() == 200) {
				assertThat(other.json().path("runId").asLong()).isEqualTo(runId);
			}
			else {
				assertThat(other.json().path("detail").asString()).contains("is being run by another process");
			}
			// and either console sees the one run complete
			await().atMost(Duration.ofSeconds(180))
				.pollInterval(Duration.ofMillis(250))
				.until(() -> secondApi.get("/api/runs/" + runId, TOKEN).json().path("status").asString(),
						status -> status.equals("COMPLETED"));
			assertThat(new JdbcTemplate(database.dataSource())
				.queryForObject("SELECT COUNT(*) FROM BATCH_JOB_EXECUTION", Integer.class)).isEqualTo(1);
			// and its one launch is recorded, as both nodes read it
			assertThat(first.bean(ActionLog.class).of(runId)).singleElement()
				.satisfies(action -> assertThat(action.kind()).isEqualTo(ActionLog.Kind.LAUNCH));
			assertThat(second.bean(ActionLog.class).of(runId)).hasSize(1);
		}
	}

	private static TestConsole node(String name, TestPostgres.Database database, Path users) throws IOException {
		List<String> settings = new ArrayList<>(sandbox.arguments(workDir.resolve(name)));
		settings.addAll(database.arguments());
		settings.addAll(List.of("--report.definitions=app/src/test/resources/summary-reports",
				"--report.output-dir=" + workDir.resolve("out")));
		return TestConsole.start(settings, users);
	}

}
