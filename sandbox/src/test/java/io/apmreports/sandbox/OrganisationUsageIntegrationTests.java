package io.apmreports.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The demo's organisation through the NerdGraph face: the user key reads the usage events
 * of the parent and of each child with the document the tool sends.
 */
class OrganisationUsageIntegrationTests {

	private static final String USER_KEY = "user-key";

	private static SandboxServer server;

	private static NerdGraphRequests user;

	@BeforeAll
	static void start() {
		server = SandboxServer.start(SandboxOptions.demoOrganisation(USER_KEY, "staging-key", "data-key"));
		user = new NerdGraphRequests(server, USER_KEY);
	}

	@AfterAll
	static void stop() {
		server.close();
	}

	private static JsonNode results(long account, String nrql) throws Exception {
		JsonNode answer = user.nrqlAnswer(account, nrql);
		assertThat(answer.has("errors")).as("%s", answer).isFalse();
		return answer.path("data").path("actor").path("account").path("nrql").path("results");
	}

	@Test
	void theNrqlDocumentTheToolSendsIsTheVendorsAndReadsEveryAccountOfTheOrganisation() throws Exception {
		// given the tool's NRQL document, checked against the vendor's schema
		assertThat(VendorSchema.problems(NerdGraphRequests.NRQL_DOCUMENT)).isEmpty();

		// when the accounts the key reads are listed
		JsonNode accounts = user.post("{ actor { accounts { id name } } }", Map.of())
			.path("data")
			.path("actor")
			.path("accounts");

		// then the parent and both children are there
		List<Long> ids = new ArrayList<>();
		accounts.forEach(account -> ids.add(account.path("id").asLong()));
		assertThat(ids).containsExactly(SandboxOptions.DEMO_ACCOUNT_ID, SandboxOptions.DEMO_STAGING_ACCOUNT_ID,
				SandboxOptions.DEMO_DATA_ACCOUNT_ID);
	}

	@Test
	void yesterdaysIngestAskedInTheParentHoldsEachAccountsRowAsTheBillingTellsIt() throws Exception {
		// given yesterday's ingest asked in the parent and in the data account
		LocalDate yesterday = LocalDate.now(ZoneOffset.UTC).minusDays(1);
		long from = yesterday.atStartOfDay().toInstant(ZoneOffset.UTC).toEpochMilli();
		String nrql = "FROM NrConsumption SELECT sum(GigabytesIngested) WHERE productLine = 'DataPlatform' FACET "
				+ "consumingAccountId, consumingAccountName, usageMetric SINCE " + from + " UNTIL "
				+ (from + 86_400_000) + " LIMIT MAX";
		JsonNode parent = results(SandboxOptions.DEMO_ACCOUNT_ID, nrql);
		JsonNode data = results(SandboxOptions.DEMO_DATA_ACCOUNT_ID, nrql);

		// then the data account's own row is the same in both, and the billing's
		SandboxBilling billing = server.billing();
		double logs = billing.ownGigabytes(SandboxOptions.DEMO_DATA_ACCOUNT_ID, "LoggingBytes", yesterday);
		for (JsonNode rows : List.of(parent, data)) {
			JsonNode row = find(rows, List.of("2468013", "Demo data", "LoggingBytes"));
			assertThat(row.path("sum.GigabytesIngested").asDouble()).isCloseTo(logs, within(1e-9));
		}
		assertThat(data).hasSize(billing.usageMetrics(SandboxOptions.DEMO_DATA_ACCOUNT_ID).size());
	}

	@Test
	void aChildsApplicationsAreEstimatedInTheChild() throws Exception {
		// given yesterday's APM events estimated in the staging account
		LocalDate yesterday = LocalDate.now(ZoneOffset.UTC).minusDays(1);
		long from = yesterday.atStartOfDay().toInstant(ZoneOffset.UTC).toEpochMilli();
		JsonNode rows = results(SandboxOptions.DEMO_STAGING_ACCOUNT_ID,
				"SELECT bytecountestimate() FROM Transaction, TransactionError, TransactionTrace, SqlTrace, ErrorTrace "
						+ "FACET appName SINCE " + from + " UNTIL " + (from + 86_400_000) + " LIMIT MAX");

		// then each staging application has the billing's estimate
		SandboxBilling billing = server.billing();
		assertThat(rows).hasSize(3);
		rows.forEach(row -> assertThat(row.path("bytecountestimate").asDouble())
			.isCloseTo(billing.estimatedBytes(SandboxOptions.DEMO_STAGING_ACCOUNT_ID, "ApmEventsBytes",
					row.path("appName").asString(), yesterday), within(1e-3)));
	}

	private static JsonNode find(JsonNode rows, List<String> facet) {
		for (JsonNode row : rows) {
			if (NerdGraphRequests.facets(row).equals(facet)) {
				return row;
			}
		}
		throw new AssertionError("no row " + facet + " in " + rows);
	}

}
