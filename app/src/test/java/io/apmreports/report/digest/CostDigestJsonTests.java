package io.apmreports.report.digest;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.apmreports.report.CostFixtures;

class CostDigestJsonTests {

	@Test
	void theCostHeadlineIsKeptWithTheRunsDigest() {
		RunDigest digest = new RunDigest("monthly-cost", "identity", "Monthly cost", "Subject", "Hello.", "October",
				"production", "last month", CostFixtures.overview(CostFixtures.priced()), List.of(), List.of());

		RunDigest read = DigestJson.read(DigestJson.write(digest), name -> new byte[0]);

		assertThat(read.overview().cost()).isEqualTo(digest.overview().cost());
		assertThat(read.overview().costOnly()).isTrue();
	}

}
