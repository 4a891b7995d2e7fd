package io.apmreports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.sandbox.SandboxServer;
import io.apmreports.testing.SecretSearch;

/**
 * Runs a report with a distinctive key, a failing application and a failing key, then
 * searches everything the runs left behind (console, log file, job repository files,
 * report files, inside the workbook's zip) for the key.
 */
class SecretsIntegrationTests {

	private static final String KEY = "Distinctive-Key-7f3a9c1e5b";

	@TempDir
	Path workDir;

	@Test
	void theKeyAppearsNowhereARunLeavesAnything() throws IOException {
		// given a sandbox that knows the key, with an application that vanishes after
		// listing
		Path keyFile = Files.writeString(workDir.resolve("key-file"), KEY + "\n");
		Path wrongKeyFile = Files.writeString(workDir.resolve("wrong-key-file"), KEY + "-wrong");
		StringBuilder console = new StringBuilder();
		try (SandboxServer sandbox = SandboxServer
			.start(SandboxOptions.demo(KEY).withVanishedApplicationIds(Set.of(1013L)))) {
			String[] common = { "--apm.base-url=" + sandbox.baseUrl(),
					"--apm.account-id=" + sandbox.options().accountId(), "--output-dir=" + workDir.resolve("out"),
					"--apm.data-dir=" + workDir.resolve("data"), "--apm.rate-limit=0" };

			// when a report runs, and another one with a refused key, and the first one's
			// e-mail is previewed
			CliRunner.Result ok = CliRunner
				.run(concat(new String[] { "run", "weekly-performance", "--apm.api-key-file=" + keyFile }, common));
			CliRunner.Result refused = CliRunner
				.run(concat(new String[] { "run", "weekly-performance", "--from=2026-11-01T00:00:00Z",
						"--to=2026-11-02T00:00:00Z", "--apm.api-key-file=" + wrongKeyFile }, common));
			CliRunner.Result preview = CliRunner
				.run(concat(new String[] { "preview", "weekly-performance", "--apm.api-key-file=" + keyFile }, common));
			console.append(ok.all()).append(refused.all()).append(preview.all());

			// then
			assertThat(ok.exitCode()).as(ok.all()).isZero();
			assertThat(preview.exitCode()).as(preview.all()).isZero();
			assertThat(refused.exitCode()).isEqualTo(1);
		}
		Path canary = Files.writeString(Files.createTempFile("canary", ".txt"), "x" + KEY + "x");
		assertThat(contains(canary, KEY)).as("the search finds a planted key").isTrue();
		List<Path> searched = new ArrayList<>();
		try (Stream<Path> files = Files.walk(workDir)) {
			for (Path file : files.filter(Files::isRegularFile)
				.filter(file -> !file.toString().contains("key-file"))
				.toList()) {
				assertThat(contains(file, KEY)).as(file.toString()).isFalse();
				searched.add(file);
			}
		}
		assertThat(console.toString()).doesNotContain(KEY).contains("answered 401");
		assertThat(searched).anyMatch(file -> file.toString().endsWith(".mv.db"))
			.anyMatch(file -> file.toString().endsWith("apm-reports.log"))
			.anyMatch(file -> file.toString().endsWith(".xlsx"))
			.anyMatch(file -> file.toString().endsWith("summary.csv"))
			.anyMatch(file -> file.toString().endsWith(".eml"));
		assertThat(Files.readString(workDir.resolve("data/apm-reports.log"))).contains("launched with the following");
	}

	private static boolean contains(Path file, String secret) throws IOException {
		return SecretSearch.contains(file, secret);
	}

	private static String[] concat(String[] first, String[] second) {
		return Stream.concat(Stream.of(first), Stream.of(second)).toArray(String[]::new);
	}

}
