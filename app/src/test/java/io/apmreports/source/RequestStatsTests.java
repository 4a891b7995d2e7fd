package io.apmreports.source;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RequestStatsTests {

	@ParameterizedTest
	@CsvSource({ "/v2/applications.json, applications", "/v2/applications/1001.json, application",
			"/v2/applications/1001/metrics/data.json, metric-data",
			"/v2/applications/1001/hosts/7/metrics/data.json, host-metric-data",
			"/v2/applications/1001/metrics.json, metric-names", "/v2/applications/1001/hosts.json, hosts",
			"/v2/key_transactions.json, key-transactions", "/v2/key_transactions/55.json, key-transaction" })
	void everyEndpointHasItsKind(String path, String kind) {
		assertThat(RequestStats.kind(path)).isEqualTo(kind);
	}

	@Test
	void aRunsRequestsAreWhatWasCountedSinceItsStart() {
		// given two requests, a retry and a 429 before the run, then four requests, a
		// retry and two 429s during it
		RequestStats stats = new RequestStats();
		stats.count("/v2/applications.json");
		stats.count("/v2/applications/1/metrics/data.json");
		stats.countRetry();
		stats.countTooManyRequests();
		RequestStats.Snapshot before = stats.snapshot();
		stats.count("/v2/applications/1/metrics/data.json");
		stats.count("/v2/applications/2/metrics/data.json");
		stats.count("/v2/applications/2/metrics/data.json");
		stats.count("/v2/applications/2/hosts.json");
		stats.countRetry();
		stats.countTooManyRequests();
		stats.countTooManyRequests();

		// when
		RequestStats.Snapshot run = stats.snapshot().minus(before);

		// then
		assertThat(run.byKind()).isEqualTo(Map.of("metric-data", 3L, "hosts", 1L));
		assertThat(run.total()).isEqualTo(4);
		assertThat(run.retries()).isEqualTo(1);
		assertThat(run.tooManyRequests()).isEqualTo(2);
		assertThat(run.plus(run).tooManyRequests()).isEqualTo(4);
		assertThat(run).hasToString("4 requests (hosts 1, metric-data 3), 1 retries");
		assertThat(stats.total()).isEqualTo(6);
	}

}
