package io.apmreports.job;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.springframework.test.context.DynamicPropertyRegistry;

import io.apmreports.sandbox.SandboxServer;

/** Points a job test's context at a sandbox: its URL, a key file, and a data directory of the test's own. */
public final class TestSandbox {

	private TestSandbox() {
	}

	public static void register(DynamicPropertyRegistry registry, SandboxServer sandbox, Path workDir) throws IOException {
		properties(sandbox, workDir).forEach((name, value) -> registry.add(name, () -> value));
	}

	/** The same as command-line arguments, for a context started by hand (another node, say). */
	public static List<String> arguments(SandboxServer sandbox, Path workDir) throws IOException {
		return properties(sandbox, workDir).entrySet()
			.stream()
			.map(property -> "--" + property.getKey() + "=" + property.getValue())
			.toList();
	}

	private static Map<String, String> properties(SandboxServer sandbox, Path workDir) throws IOException {
		Path keyFile = Files.writeString(Files.createDirectories(workDir).resolve("key"),
				sandbox.options().apiKey());
		return Map.of("apm.base-url", sandbox.baseUrl().toString(), "apm.api-key-file", keyFile.toString(),
				"apm.data-dir", workDir.resolve("data").toString());
	}

}
