package io.apmreports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.sandbox.SandboxServer;

/**
 * A report pointed at a service of one's own with {@code apm.base-url} alone asks that
 * service for everything, NerdGraph's team tags included, and never the vendor's.
 */
class OwnServiceIntegrationTests {

	private static final String KEY = "own-service-key";

	@TempDir
	Path workDir;

	@Test
	void theMonthlyUsageReportAsksItsTeamTagsOfTheServiceTheBaseUrlNames() throws IOException {
		// given the sandbox, named by its REST address alone, and the monthly usage
		// report, which groups by the team tag that only NerdGraph gives
		try (SandboxServer sandbox = SandboxServer.start(SandboxOptions.demo(KEY))) {
			Path keyFile = Files.writeString(workDir.resolve("key"), KEY);

			// when (retries without waiting: were the tags asked elsewhere, the run would
			// fail at once rather than after a minute)
			CliRunner.Result result = CliRunner.run("run", "monthly-usage", "--from=2026-10-01T00:00:00+02:00",
					"--to=2026-11-01T00:00:00+01:00", "--apm.base-url=" + sandbox.baseUrl(),
					"--apm.account-id=" + sandbox.options().accountId(), "--apm.api-key-file=" + keyFile,
					"--apm.data-dir=" + workDir.resolve("data"), "--output-dir=" + workDir.resolve("out"),
					"--apm.retry.initial-backoff=1ms", "--apm.retry.max-backoff=4ms", "--apm.retry.max-wait=4ms");

			// then the tags came from the sandbox's NerdGraph, and the report is whole
			assertThat(result.exitCode()).as(result.all()).isZero();
			assertThat(sandbox.requests().count("graphql")).isPositive();
			assertThat(result.all()).doesNotContain("newrelic.com");
		}
	}

}
