package io.apmreports.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import com.icegreen.greenmail.junit5.GreenMailExtension;
import jakarta.mail.internet.MimeMessage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.util.FileSystemUtils;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.mockito.Mockito;
import org.mockito.invocation.Invocation;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import io.apmreports.ApmReportsApplication;
import io.apmreports.definition.SendWhen;
import io.apmreports.report.ReportContent;
import io.apmreports.run.CompletedRunDelivery;
import io.apmreports.run.ReportLauncher;
import io.apmreports.run.ReportOutcome;
import io.apmreports.run.ReportRequest;
import io.apmreports.run.RequestedRange;
import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.testing.TestMail;
import io.apmreports.testing.TestSandbox;
import io.apmreports.testing.WebhookReceiver;

/**
 * A run's digest, against a real SMTP server and a real local webhook receiver: a run
 * delivered to three addresses, Slack and Teams reads its tables and draws its charts
 * once, for the digest, however many recipients it has; and {@code deliver} in a process
 * started afresh sends the digest it kept, without reading the tables at all. The reads
 * are counted on the one bean that reads the tables for a report, wrapped to count.
 */
class RunDigestsIntegrationTests {

	private static final String FROM = "2026-11-09T00:00:00+01:00";

	private static final String TO = "2026-11-16T00:00:00+01:00";

	@RegisterExtension
	static final GreenMailExtension greenMail = TestMail.server();

	@RegisterExtension
	static final TestSandbox sandbox = TestSandbox.of(SandboxOptions.demo("digest-test-key"));

	@TempDir
	Path workDir;

	private WebhookReceiver receiver;

	@BeforeEach
	void startReceiver() throws Exception {
		greenMail.purgeEmailFromAllMailboxes();
		receiver = WebhookReceiver.start();
	}

	@AfterEach
	void stopReceiver() {
		receiver.close();
	}

	@Test
	void theTablesAreReadAndTheChartsDrawnOnceForFiveRecipientsAndADeliverAfterARestartSendsTheSameDigest()
			throws Exception {
		// given a run delivered to three addresses, Slack and Teams
		ReportOutcome outcome;
		Map<String, Long> runReads;
		try (ConfigurableApplicationContext run = process()) {
			outcome = run.getBean(ReportLauncher.class)
				.launch(new ReportRequest("weekly-performance", RequestedRange.typed(FROM, TO), workDir.resolve("out"),
						false, List.of("a@example.com", "b@example.com", "c@example.com", "slack:ops", "teams:ops")));
			runReads = reads(run);
		}

		// when the process is started again and the run delivered to others
		Map<String, Long> deliverReads;
		try (ConfigurableApplicationContext restarted = process()) {
			restarted.getBean(CompletedRunDelivery.class)
				.deliver(outcome.executionId(), List.of("late@example.com", "slack:late", "teams:late"),
						SendWhen.ALWAYS);
			deliverReads = reads(restarted);
		}

		// then the run read its overview and charts' data once, for its files and its
		// digest
		// together, not once per recipient, and decided send-when without its tables
		assertThat(outcome.result()).isEqualTo(ReportOutcome.Result.COMPLETED);
		assertThat(outcome.sentTo()).hasSize(5);
		assertThat(runReads).containsEntry("overview", 1L).containsEntry("charts", 1L).containsEntry("sendFacts", 1L);
		// and the deliver read nothing of the tables, and sent what the run sent
		assertThat(deliverReads).isEmpty();
		assertThat(receiver.violations()).isEmpty();
		assertThat(receiver.accepted("/slack/late")).singleElement()
			.extracting(WebhookReceiver.Post::body)
			.isEqualTo(receiver.accepted("/slack/ops").get(0).body());
		assertThat(receiver.accepted("/teams/late")).singleElement()
			.extracting(WebhookReceiver.Post::body)
			.isEqualTo(receiver.accepted("/teams/ops").get(0).body());
		MimeMessage first = message("a@example.com");
		MimeMessage late = message("late@example.com");
		assertThat(late.getSubject()).isEqualTo(first.getSubject());
		assertThat(TestMail.text(late, "text/plain")).isEqualTo(TestMail.text(first, "text/plain"))
			.contains("13 applications, 0 failed");
		assertThat(TestMail.text(late, "text/html")).isEqualTo(TestMail.text(first, "text/html"));
		assertThat(TestMail.attachmentNames(late)).isEqualTo(TestMail.attachmentNames(first));
	}

	@Test
	void aForcedRunOfTheSameRangeKeepsItsPicturesApartAndTheEarlierRunIsDeliveredWithItsOwn() throws Exception {
		// given a run, and a forced run of the same report and range, which writes the
		// same
		// report folder
		ReportOutcome first;
		ReportOutcome forced;
		try (ConfigurableApplicationContext run = process()) {
			ReportLauncher launcher = run.getBean(ReportLauncher.class);
			first = launcher.launch(new ReportRequest("weekly-performance", RequestedRange.typed(FROM, TO),
					workDir.resolve("out"), false, List.of("a@example.com")));
			forced = launcher.launch(new ReportRequest("weekly-performance", RequestedRange.typed(FROM, TO),
					workDir.resolve("out"), true, List.of("a@example.com")));
		}
		Path digests = workDir.resolve("out/weekly-performance/1234567/.2026-11-09_2026-11-16.digest");
		List<String> kept;
		try (var folders = Files.list(digests)) {
			kept = folders.map(folder -> folder.getFileName().toString()).sorted().toList();
		}

		// when the forced run's pictures are removed and the first run is delivered
		FileSystemUtils.deleteRecursively(digests.resolve(kept.get(1)));
		try (ConfigurableApplicationContext restarted = process()) {
			restarted.getBean(CompletedRunDelivery.class)
				.deliver(first.executionId(), List.of("late@example.com"), SendWhen.ALWAYS);
		}

		// then each run kept its pictures in a folder of its own, and the first run's
		// e-mail carries the pictures it drew
		assertThat(forced.executionId()).isNotEqualTo(first.executionId());
		assertThat(kept).hasSize(2).allMatch(name -> name.matches("[0-9]+"));
		assertThat(TestMail.attachmentNames(message("late@example.com")))
			.isEqualTo(TestMail.attachmentNames(greenMail.getReceivedMessages()[0]));
	}

	private MimeMessage message(String to) throws Exception {
		List<MimeMessage> found = new ArrayList<>();
		for (MimeMessage message : greenMail.getReceivedMessages()) {
			if (TestMail.recipients(new MimeMessage[] { message }).contains(to)) {
				found.add(message);
			}
		}
		assertThat(found).as(to).hasSize(1);
		return found.get(0);
	}

	/** How often each method of the tables' reader was called, by name. */
	private static Map<String, Long> reads(ConfigurableApplicationContext context) {
		return Mockito.mockingDetails(context.getBean(ReportContent.class))
			.getInvocations()
			.stream()
			.collect(Collectors.groupingBy(invocation -> ((Invocation) invocation).getMethod().getName(),
					Collectors.counting()));
	}

	/** The application as a process would start it, its tables' reader counted. */
	private ConfigurableApplicationContext process() throws IOException {
		List<String> arguments = new ArrayList<>(sandbox.arguments(workDir));
		arguments.addAll(List.of("--report.definitions=reports", "--report.output-dir=" + workDir.resolve("out"),
				"--spring.mail.host=127.0.0.1", "--spring.mail.port=" + greenMail.getSmtp().getPort(),
				"--delivery.retry-delay=0s"));
		for (String channel : List.of("ops", "late")) {
			arguments.add("--delivery.slack-webhook-files." + channel + "="
					+ Files.writeString(workDir.resolve("slack-" + channel + ".url"), receiver.url("slack", channel)));
			arguments.add("--delivery.teams-webhook-files." + channel + "="
					+ Files.writeString(workDir.resolve("teams-" + channel + ".url"), receiver.url("teams", channel)));
		}
		return new SpringApplicationBuilder(ApmReportsApplication.class, CountedReads.class)
			.web(WebApplicationType.NONE)
			.logStartupInfo(false)
			.registerShutdownHook(false)
			.run(arguments.toArray(String[]::new));
	}

	/** Wraps the tables' reader so that its calls are counted, each still made. */
	@Configuration(proxyBeanMethods = false)
	static class CountedReads {

		@Bean
		static BeanPostProcessor countedContent() {
			return new BeanPostProcessor() {

				@Override
				public Object postProcessAfterInitialization(Object bean, String name) {
					return bean instanceof ReportContent ? Mockito.spy(bean) : bean;
				}

			};
		}

	}

}
