package io.apmreports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;

import jakarta.mail.Session;
import jakarta.mail.internet.MimeMessage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import io.apmreports.ApmReportsApplication;

/**
 * What {@code --demo} sets beside the user's settings: never over them.
 */
class DemoSettingsIntegrationTests {

	@TempDir
	Path workDir;

	@Test
	void aNameGivenForADemoAccountIsItsOnlyName() throws Exception {
		// when the demo's production account is given a name of the user's
		CliRunner.Result result = CliRunner.run("run", "weekly-performance", "--demo", "--deliver",
				"--from=2026-11-09T00:00:00+01:00", "--to=2026-11-16T00:00:00+01:00",
				"--apm.account-names.1234567=Production", "--report.output-dir=" + workDir.resolve("out"),
				"--apm.data-dir=" + workDir.resolve("data"));

		// then the e-mail names it so, and by no name of the demo's beside it
		assertThat(result.exitCode()).as(result.all()).isZero();
		assertThat(subjectsIn(workDir.resolve("out/demo/outbox"))).singleElement()
			.isEqualTo("Weekly performance: Mon 9 Nov to Sun 15 Nov 2026, Europe/Berlin, Production (account 1234567)");
	}

	@Test
	void theOutboxOfARunWithItsOwnOutputDirectoryIsInThatDirectory() throws Exception {
		// when
		Path outputDir = workDir.resolve("elsewhere");
		CliRunner.Result result = CliRunner.run("run", "weekly-performance", "--demo", "--deliver",
				"--from=2026-11-09T00:00:00+01:00", "--to=2026-11-16T00:00:00+01:00", "--output-dir=" + outputDir,
				"--report.output-dir=" + workDir.resolve("out"), "--apm.data-dir=" + workDir.resolve("data"));

		// then the e-mail is beside the run's files, as it says, and nowhere else
		assertThat(result.exitCode()).as(result.all()).isZero();
		assertThat(result.out()).contains("to the outbox " + outputDir.resolve("outbox"));
		assertThat(subjectsIn(outputDir.resolve("outbox"))).singleElement()
			.isEqualTo("Weekly performance: Mon 9 Nov to Sun 15 Nov 2026, Europe/Berlin, "
					+ "Demo production (account 1234567)");
		assertThat(workDir.resolve("out")).doesNotExist();
	}

	@Test
	void anSmtpServerSetOutsideTheCommandLineHasItsHealthUnderTheDemo() {
		// given the SMTP server set as the environment would set it, not after the
		// command
		RunCommand command = new RunCommand();
		command.demo = true;
		command.selection = new ReportSelection();
		List<String> settings = command.settings(List.of("--report.data-dir=" + workDir.resolve("data")));
		System.setProperty("spring.mail.host", "127.0.0.1");
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(ApmReportsApplication.class)
			.web(WebApplicationType.NONE)
			.logStartupInfo(false)
			.run(settings.toArray(String[]::new))) {
			// then mail has its health, which readiness includes
			assertThat(context.containsBean("mailHealthContributor")).isTrue();
		}
		finally {
			System.clearProperty("spring.mail.host");
		}
	}

	@Test
	void theDemoOutboxHasNoSmtpHealth() {
		// given no SMTP server
		RunCommand command = new RunCommand();
		command.demo = true;
		command.selection = new ReportSelection();
		List<String> settings = command.settings(List.of("--report.data-dir=" + workDir.resolve("data")));
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(ApmReportsApplication.class)
			.web(WebApplicationType.NONE)
			.logStartupInfo(false)
			.run(settings.toArray(String[]::new))) {
			// then the outbox, which needs none, is not said to be down
			assertThat(context.containsBean("mailHealthContributor")).isFalse();
		}
	}

	private static List<String> subjectsIn(Path outbox) throws Exception {
		try (Stream<Path> listed = Files.list(outbox)) {
			return listed.map(DemoSettingsIntegrationTests::subject).toList();
		}
	}

	private static String subject(Path eml) {
		try (InputStream in = Files.newInputStream(eml)) {
			return new MimeMessage(Session.getInstance(new Properties()), in).getSubject();
		}
		catch (Exception ex) {
			throw new IllegalStateException(eml.toString(), ex);
		}
	}

}
