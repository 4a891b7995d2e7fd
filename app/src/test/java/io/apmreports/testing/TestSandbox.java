package io.apmreports.testing;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.springframework.test.context.DynamicPropertyRegistry;

import io.apmreports.sandbox.RequestLog;
import io.apmreports.sandbox.SandboxBilling;
import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.sandbox.SandboxServer;
import io.apmreports.sandbox.SyntheticAccount;
import io.apmreports.source.Account;

/**
 * A sandbox for a test class, started before its first test and stopped after its last,
 * and the settings that point the class's Spring context (or a node started by hand) at
 * it: its URL, a key file, and a data directory of the test's own. Register it with
 * {@code @RegisterExtension static final TestSandbox sandbox = TestSandbox.of(...)}.
 * <p>
 * The client asks it unpaced: at the account's 1,000 requests a minute the demo's weekly
 * report spent ten of its seconds waiting for its turn, and only a test that needs a run
 * to last (to stop it in its middle, say) asks for the pacing, with {@link #paced}.
 */
public final class TestSandbox implements BeforeAllCallback, AfterAllCallback {

	/** The account a sandbox answers for unless told otherwise, as runs name it. */
	public static final Account DEMO_ACCOUNT = new Account(SandboxOptions.DEMO_ACCOUNT_ID,
			SandboxOptions.demoAccountNames().get(SandboxOptions.DEMO_ACCOUNT_ID));

	private final SandboxOptions options;

	private final boolean paced;

	private SandboxServer server;

	private TestSandbox(SandboxOptions options, boolean paced) {
		this.options = options;
		this.paced = paced;
	}

	/** A sandbox the client asks as fast as it answers. */
	public static TestSandbox of(SandboxOptions options) {
		return new TestSandbox(options, false);
	}

	/**
	 * A sandbox the client asks at its default pace (1,000 REST requests and 3,000 NRQL
	 * queries a minute), for a test whose run must last.
	 */
	public static TestSandbox paced(SandboxOptions options) {
		return new TestSandbox(options, true);
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

	public URI graphqlUrl() {
		return server.graphqlUrl();
	}

	/** The organisation's bill as the sandbox's usage events tell it. */
	public SandboxBilling billing() {
		return server.billing();
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
		properties(workDir).forEach((name, value) -> registry.add(name, () -> value));
	}

	/**
	 * The same as command-line arguments, for a context started by hand (another node,
	 * say).
	 */
	public List<String> arguments(Path workDir) throws IOException {
		return properties(workDir).entrySet()
			.stream()
			.map(property -> "--" + property.getKey() + "=" + property.getValue())
			.toList();
	}

	private Map<String, String> properties(Path workDir) throws IOException {
		Path keyFile = Files.writeString(Files.createDirectories(workDir).resolve("key"), server.options().apiKey());
		// both faces, as a real region has both: a REST report grouped by a tag asks
		// NerdGraph for it
		Map<String, String> properties = new LinkedHashMap<>(Map.of("apm.base-url", server.baseUrl().toString(),
				"apm.nrql.graphql-url", server.graphqlUrl().toString(), "apm.api-key-file", keyFile.toString(),
				"apm.data-dir", workDir.resolve("data").toString(), "apm.account-id",
				Long.toString(server.options().accountId())));
		if (!paced) {
			properties.put("apm.rate-limit", "0");
			properties.put("apm.nrql.rate-limit", "0");
		}
		return properties;
	}

}
