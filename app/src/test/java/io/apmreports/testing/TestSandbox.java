package io.apmreports.testing;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.springframework.test.context.DynamicPropertyRegistry;

import io.apmreports.sandbox.RequestLog;
import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.sandbox.SandboxServer;
import io.apmreports.sandbox.SyntheticAccount;
import io.apmreports.source.Account;

/**
 * A sandbox for a test class, started before its first test and stopped after its last,
 * and the settings that point the class's Spring context (or a node started by hand) at
 * it: its URL, a key file, and a data directory of the test's own. Register it with
 * {@code @RegisterExtension static final TestSandbox sandbox = TestSandbox.of(...)}.
 */
public final class TestSandbox implements BeforeAllCallback, AfterAllCallback {

	/** The account a sandbox answers for unless told otherwise, as runs name it. */
	public static final Account DEMO_ACCOUNT = new Account(SandboxOptions.DEMO_ACCOUNT_ID,
			SandboxOptions.demoAccountNames().get(SandboxOptions.DEMO_ACCOUNT_ID));

	private final SandboxOptions options;

	private SandboxServer server;

	private TestSandbox(SandboxOptions options) {
		this.options = options;
	}

	public static TestSandbox of(SandboxOptions options) {
		return new TestSandbox(options);
	}

	@Override
	public void beforeAll(ExtensionContext context) {
		server = SandboxServer.start(options);
	}

	@Override
	public void afterAll(ExtensionContext context) {
		server.close();
	}

	public URI baseUrl() {
		return server.baseUrl();
	}

	public RequestLog requests() {
		return server.requests();
	}

	public SyntheticAccount account() {
		return server.account();
	}

	public SandboxOptions options() {
		return server.options();
	}

	/**
	 * Points a test's context at the sandbox, with {@code workDir} for the key file and
	 * the job repository.
	 */
	public void register(DynamicPropertyRegistry registry, Path workDir) throws IOException {
		properties(server, workDir).forEach((name, value) -> registry.add(name, () -> value));
	}

	/**
	 * The same as command-line arguments, for a context started by hand (another node,
	 * say).
	 */
	public List<String> arguments(Path workDir) throws IOException {
		return properties(server, workDir).entrySet()
			.stream()
			.map(property -> "--" + property.getKey() + "=" + property.getValue())
			.toList();
	}

	private static Map<String, String> properties(SandboxServer sandbox, Path workDir) throws IOException {
		Path keyFile = Files.writeString(Files.createDirectories(workDir).resolve("key"), sandbox.options().apiKey());
		// both faces, as a real region has both: a REST report grouped by a tag asks
		// NerdGraph for it
		return Map.of("apm.base-url", sandbox.baseUrl().toString(), "apm.nrql.graphql-url",
				sandbox.graphqlUrl().toString(), "apm.api-key-file", keyFile.toString(), "apm.data-dir",
				workDir.resolve("data").toString(), "apm.account-id", Long.toString(sandbox.options().accountId()));
	}

}
