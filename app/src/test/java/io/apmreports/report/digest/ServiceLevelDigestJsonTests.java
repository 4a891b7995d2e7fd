package io.apmreports.report.digest;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.apmreports.report.ServiceLevelFixtures;

class ServiceLevelDigestJsonTests {

	@Test
	void theServiceLevelHeadlineIsKeptWithTheRunsDigest() {
		RunDigest digest = new RunDigest("monthly-service-levels", "identity", "Monthly service levels", "Subject",
				"Hello.", "October", "production", "last month",
				ServiceLevelFixtures.overview(ServiceLevelFixtures.october()), List.of(), List.of());

		RunDigest read = DigestJson.read(DigestJson.write(digest), name -> new byte[0]);

		assertThat(read.overview().serviceLevels()).isEqualTo(digest.overview().serviceLevels());
		assertThat(read.overview().serviceLevelsOnly()).isTrue();
	}

}
