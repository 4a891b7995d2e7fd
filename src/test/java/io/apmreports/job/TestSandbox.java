package io.apmreports.job;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.springframework.test.context.DynamicPropertyRegistry;

import io.apmreports.sandbox.SandboxServer;

/** Points a job test's context at a sandbox: its URL, a key file, and a data directory of the test's own. */
public final class TestSandbox {

	private TestSandbox() {
	}

	public static void register(DynamicPropertyRegistry registry, SandboxServer sandbox, Path workDir) throws IOException {
		Path keyFile = Files.writeString(Files.createDirectories(workDir).resolve("key"),
				sandbox.options().apiKey());
		registry.add("apm.base-url", () -> sandbox.baseUrl().toString());
		registry.add("apm.api-key-file", keyFile::toString);
		registry.add("apm.data-dir", () -> workDir.resolve("data").toString());
	}

}
