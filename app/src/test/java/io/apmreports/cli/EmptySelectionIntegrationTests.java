package io.apmreports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.apmreports.definition.SourceKind;
import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.sandbox.SandboxServer;

/**
 * A report whose applications match none of the account's fails with one line naming its
 * selection, and writes nothing, through both sources.
 */
class EmptySelectionIntegrationTests {

	private static final String KEY = "empty-selection-key";

	@TempDir
	Path workDir;

	@ParameterizedTest
	@EnumSource(SourceKind.class)
	void aSelectionThatMatchesNothingFailsWithOneLineAndWritesNothing(SourceKind source) throws IOException {
		// given the demo account, and a definition whose name filter matches none of its
		// applications
		Path definitions = Files.createDirectories(workDir.resolve("reports"));
		Files.writeString(definitions.resolve("weekly-nothing.yml"), """
				title: Nothing
				applications:
				  name-contains: "no-such-application"
				range: last-week
				time-zone: UTC
				formats: [xlsx, csv]
				""");
		Path keyFile = Files.writeString(workDir.resolve("api.key"), KEY);
		try (SandboxServer sandbox = SandboxServer.start(SandboxOptions.demo(KEY))) {
			List<String> args = new ArrayList<>(List.of("run", "weekly-nothing", "--from=2026-11-09T00:00:00Z",
					"--to=2026-11-16T00:00:00Z", "--report.definitions=" + definitions, "--apm.api-key-file=" + keyFile,
					"--apm.data-dir=" + workDir.resolve("data"), "--output-dir=" + workDir.resolve("out")));
			if (source == SourceKind.NRQL) {
				args.addAll(List.of("--apm.source=nrql", "--apm.account-id=" + SandboxOptions.DEMO_ACCOUNT_ID,
						"--apm.nrql.graphql-url=" + sandbox.graphqlUrl()));
			}
			else {
				args.addAll(List.of("--apm.base-url=" + sandbox.baseUrl(),
						"--apm.account-id=" + sandbox.options().accountId()));
			}

			// when
			CliRunner.Result result = CliRunner.run(args.toArray(String[]::new));

			// then one line names the report and its selection, and no file was written
			assertThat(result.exitCode()).as(result.all()).isEqualTo(1);
			assertThat(result.err().lines().filter(line -> !line.isBlank())).as(result.all())
				.singleElement()
				.asString()
				.contains("report weekly-nothing selects no application")
				.contains("name-contains \"no-such-application\"");
			assertThat(result.all()).doesNotContain("\tat ").doesNotContain("Exception");
			assertThat(workDir.resolve("out/weekly-nothing")).doesNotExist();
		}
	}

}
