package io.apmreports.run;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import io.apmreports.definition.SourceKind;

class RunSummaryTests {

	@Test
	void aRunsSourceIsItsServicesHostMarkedWithItsSource() {
		assertThat(ReportRuns.RunSummary.source("demo")).isEqualTo("demo");
		assertThat(ReportRuns.RunSummary.source("https://api.example.com:8443")).isEqualTo("api.example.com:8443");
		assertThat(ReportRuns.RunSummary.source(SourceKind.NRQL.recorded("demo"))).isEqualTo("nrql demo");
		assertThat(ReportRuns.RunSummary.source(SourceKind.NRQL.recorded("https://api.eu.newrelic.com/graphql")))
			.isEqualTo("nrql api.eu.newrelic.com");
	}

}
