package io.apmreports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.sandbox.SandboxServer;

/**
 * {@code compare-sources} as a user runs it before switching: both sources of one account
 * agree to 1e-9; two that do not are told apart, value by value, with exit 1.
 */
class CompareSourcesIntegrationTests {

	private static final String KEY = "compare-key";

	private static final String FROM = "--from=2026-11-09T00:00:00+01:00";

	private static final String TO = "--to=2026-11-16T00:00:00+01:00";

	@TempDir
	Path workDir;

	@Test
	void bothSourcesOfTheDemoAccountGiveTheSameFigures() {
		// when
		CliRunner.Result result = CliRunner.run("compare-sources", "weekly-performance", "--demo", FROM, TO,
				"--tolerance=1e-9", "--apm.data-dir=" + workDir.resolve("data"));

		// then every figure of every section agrees
		assertThat(result.exitCode()).as(result.all()).isZero();
		assertThat(result.out()).containsPattern(
				"Same figures from both sources: [\\d,]+ values of 13 applications agree within 0.0000001%\\.");
	}

	@Test
	void anApplicationOnlyOneSourceListsIsADifferenceAndExitsOne() throws IOException {
		// given REST reading the demo account, and NRQL reading one where application
		// 1004 was deleted
		Path keyFile = Files.writeString(workDir.resolve("key"), KEY);
		try (SandboxServer rest = SandboxServer.start(SandboxOptions.demo(KEY));
				SandboxServer nrql = SandboxServer
					.start(SandboxOptions.demo(KEY).withVanishedApplicationIds(Set.of(1004L)))) {

			// when
			CliRunner.Result result = CliRunner.run("compare-sources", "weekly-performance", FROM, TO,
					"--apm.base-url=" + rest.baseUrl(), "--apm.nrql.graphql-url=" + nrql.graphqlUrl(),
					"--apm.account-id=" + SandboxOptions.DEMO_ACCOUNT_ID, "--apm.api-key-file=" + keyFile,
					"--apm.rate-limit=0", "--apm.data-dir=" + workDir.resolve("data"));

			// then that application is named, and the verdict says to look before
			// switching
			assertThat(result.exitCode()).as(result.all()).isEqualTo(1);
			assertThat(result.out()).contains("  1004 Storefront: listed: rest true, nrql false")
				.containsPattern("Different figures: 1 of [\\d,]+ values, in 1 application, differ by more than "
						+ "0.0001%; look into them before switching.");
			assertThat(result.all()).doesNotContain(KEY);
		}
	}

}
