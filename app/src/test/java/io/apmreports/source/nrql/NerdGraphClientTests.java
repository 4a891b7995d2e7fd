package io.apmreports.source.nrql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.apmreports.source.nrql.FakeNerdGraph.Reply;

/**
 * The NerdGraph client against a local HTTP server: what is retried, what stops the run,
 * what fails only the query, and where the key goes.
 */
class NerdGraphClientTests {

	private static final List<Map<String, Object>> ONE_ROW = List.of(Map.of("facet", 1, "appId", 1, "calls", 5));

	private final FakeNerdGraph server = new FakeNerdGraph();

	@AfterEach
	void stop() {
		server.close();
	}

	@ParameterizedTest
	@ValueSource(strings = { "TIMEOUT", "INTERNAL_SERVER_ERROR", "SERVER_ERROR", "TOO_MANY_REQUESTS" })
	void aTransientErrorClassIsTriedAgain(String errorClass) {
		// given the first answer is an error of that class
		failFirst(FakeNerdGraph.error(errorClass, "try later"));
		NerdGraphClient client = server.client(3);

		// when
		List<Map<String, Object>> rows = client.nrql("SELECT count(x) FROM Metric");

		// then the second attempt's rows came back, and the retry was counted
		assertThat(rows).hasSize(1);
		assertThat(server.requests()).hasSize(2);
		assertThat(client.stats().retries()).isEqualTo(1);
		assertThat(client.stats().byKind()).containsEntry("nrql", 2L);
	}

	@ParameterizedTest
	@ValueSource(ints = { 429, 500, 502, 503 })
	void aTransientHttpStatusIsTriedAgain(int status) {
		failFirst(Reply.status(status));
		NerdGraphClient client = server.client(3);

		assertThat(client.nrql("SELECT count(x) FROM Metric")).hasSize(1);
		assertThat(server.requests()).hasSize(2);
	}

	@Test
	void aTransientFailureThatOutlastsItsRetriesStopsTheRun() {
		server.answer(request -> FakeNerdGraph.error("TIMEOUT", "slow"));
		NerdGraphClient client = server.client(3);

		assertThatExceptionOfType(NerdGraphException.Transient.class)
			.isThrownBy(() -> client.nrql("SELECT count(x) FROM Metric"))
			.withMessageContaining("TIMEOUT");
		assertThat(server.requests()).hasSize(3);
	}

	@Test
	void aDeprecationNoticeDoesNotHideAFailureBesideIt() {
		// given an answer that warns of a deprecated field and times out too
		server.answer(request -> Reply.ok("""
				{"data": {"actor": {"account": {"nrql": null}}}, "errors": [
				  {"message": "This field is deprecated! Please use another.", "path": ["actor", "account"]},
				  {"message": "slow", "extensions": {"errorClass": "TIMEOUT"}}]}"""));

		// then the timeout is the failure
		assertThatExceptionOfType(NerdGraphException.Transient.class)
			.isThrownBy(() -> server.client(1).nrql("SELECT count(x) FROM Metric"))
			.withMessage("nrql request answered TIMEOUT (slow)");
	}

	@Test
	void invalidInputIsNotTriedAgainAndFailsOnlyTheQuery() {
		server.answer(request -> FakeNerdGraph.error("INVALID_INPUT", "Unknown function foo()"));
		NerdGraphClient client = server.client(3);

		assertThatExceptionOfType(NerdGraphException.Rejected.class)
			.isThrownBy(() -> client.nrql("SELECT foo(x) FROM Metric"))
			.withMessage("nrql request answered INVALID_INPUT (Unknown function foo())");
		assertThat(server.requests()).hasSize(1);
	}

	@Test
	void aDocumentTheServiceDoesNotKnowFailsOnlyTheQuery() {
		server.answer(request -> Reply
			.ok("{\"errors\":[{\"message\":\"Field 'x' undefined\",\"extensions\":{\"classification\":\"ValidationError\"}}]}"));

		assertThatExceptionOfType(NerdGraphException.Rejected.class)
			.isThrownBy(() -> server.client(3).nrql("SELECT count(x) FROM Metric"))
			.withMessageContaining("ValidationError");
	}

	@Test
	void anUnreadableAnswerFailsOnlyTheQuery() {
		server.answer(request -> new Reply(200, "{not json", "application/json", Map.of()));

		assertThatExceptionOfType(NerdGraphException.Rejected.class)
			.isThrownBy(() -> server.client(3).nrql("SELECT count(x) FROM Metric"));
		assertThat(server.requests()).hasSize(1);
	}

	@Test
	void aBadKeyStopsTheRunWithOneLineThatHoldsNoKey() {
		server.answer(request -> Reply.ok("{\"data\":null,\"errors\":[{\"message\":\"Invalid API key " + request.key()
				+ "\",\"extensions\":{\"errorClass\":\"UNAUTHORIZED\",\"error_code\":\"BAD_API_KEY\"}}]}"));

		assertThatExceptionOfType(NerdGraphException.Refused.class)
			.isThrownBy(() -> server.client(3).nrql("SELECT count(x) FROM Metric"))
			.satisfies(refused -> assertThat(refused.getMessage()).doesNotContain(FakeNerdGraph.KEY)
				.contains("APM_API_KEY")
				.doesNotContain("\n"));
		assertThat(server.requests()).hasSize(1);
	}

	@ParameterizedTest
	@ValueSource(ints = { 401, 403 })
	void aRefusingHttpStatusStopsTheRun(int status) {
		server.answer(request -> Reply.status(status));

		assertThatExceptionOfType(NerdGraphException.Refused.class)
			.isThrownBy(() -> server.client(3).nrql("SELECT count(x) FROM Metric"))
			.withMessageContaining("HTTP " + status);
		assertThat(server.requests()).hasSize(1);
	}

	@Test
	void aUrlThatIsNotNerdGraphsStopsTheRun() {
		server.answer(request -> Reply.status(404));

		assertThatExceptionOfType(NerdGraphException.Refused.class)
			.isThrownBy(() -> server.client(3).nrql("SELECT count(x) FROM Metric"))
			.withMessageContaining("apm.nrql.graphql-url");
	}

	@Test
	void anAccountTheKeyMayNotReadStopsTheRun() {
		server.answer(request -> FakeNerdGraph.error("FORBIDDEN", "no access to account"));

		assertThatExceptionOfType(NerdGraphException.Refused.class)
			.isThrownBy(() -> server.client(3).nrql("SELECT count(x) FROM Metric"))
			.withMessageContaining("apm.account-id");
	}

	@Test
	void theQueryGoesWithTheKeyInItsHeaderAndTheContractsVariables() {
		server.answer(request -> FakeNerdGraph.rows(ONE_ROW));

		server.client(1).nrql("SELECT count(x) FROM Metric");

		FakeNerdGraph.Request request = server.requests().get(0);
		assertThat(request.key()).isEqualTo(FakeNerdGraph.KEY);
		assertThat(request.document()).isEqualTo(NerdGraphClient.NRQL_DOCUMENT);
		assertThat(request.variables().path("accountId").asLong()).isEqualTo(1234567L);
		assertThat(request.variables().path("timeout").asInt()).isEqualTo(60);
		assertThat(request.nrql()).isEqualTo("SELECT count(x) FROM Metric");
	}

	@Test
	void entitySearchPagesCarryTheirCursor() {
		server.answer(request -> Reply.ok("{\"data\":{\"actor\":{\"entitySearch\":{\"results\":{\"nextCursor\":\"c2\","
				+ "\"entities\":[{\"guid\":\"g\",\"name\":\"shop\",\"reporting\":true,\"alertSeverity\":\"WARNING\","
				+ "\"applicationId\":\"1001\",\"language\":\"java\"}]}}}}}"));

		EntityPage page = server.client(1).entities("domain = 'APM'", "c1");

		assertThat(page.nextCursor()).isEqualTo("c2");
		assertThat(page.entities()).singleElement().satisfies(entity -> {
			assertThat(entity.applicationId()).isEqualTo(1001L);
			assertThat(entity.healthStatus()).isEqualTo("orange");
			assertThat(entity.reporting()).isTrue();
		});
		assertThat(server.requests().get(0).variables().path("cursor").asString()).isEqualTo("c1");
	}

	private void failFirst(Reply failure) {
		AtomicInteger calls = new AtomicInteger();
		server.answer(request -> calls.getAndIncrement() == 0 ? failure : FakeNerdGraph.rows(ONE_ROW));
	}

}
