package io.apmreports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.mock.env.MockEnvironment;

/**
 * What a started context tells of where it serves.
 */
class SpringSessionTests {

	@Test
	void theConsolesAddressIsToldOnlyWhereItListens() {
		// given a scheduler serving the console, one serving only its health and metrics
		// (server.port -1, told back as the local port), and a command serving nothing
		MockEnvironment console = new MockEnvironment().withProperty("local.server.port", "8080")
			.withProperty("server.address", "127.0.0.1");
		MockEnvironment managementOnly = new MockEnvironment().withProperty("local.server.port", "-1");
		MockEnvironment none = new MockEnvironment();

		// then
		assertThat(SpringSession.serverUrl(console)).contains("http://127.0.0.1:8080/");
		assertThat(SpringSession.serverUrl(managementOnly)).isEmpty();
		assertThat(SpringSession.serverUrl(none)).isEmpty();
	}

}
