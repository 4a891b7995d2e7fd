package io.apmreports.run;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import io.apmreports.definition.SourceKind;

class RunSummaryTests {

	@Test
	void aRunsAccountIsItsServicesHostMarkedWithItsSource() {
		assertThat(ReportRuns.RunSummary.account("demo")).isEqualTo("demo");
		assertThat(ReportRuns.RunSummary.account("https://api.example.com:8443")).isEqualTo("api.example.com:8443");
		assertThat(ReportRuns.RunSummary.account(SourceKind.NRQL.recorded("demo"))).isEqualTo("nrql demo");
		assertThat(ReportRuns.RunSummary
			.account(SourceKind.NRQL.recorded("https://api.eu.newrelic.com/graphql account 1234567")))
			.isEqualTo("nrql api.eu.newrelic.com account 1234567");
	}

}
