package io.apmreports.source;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ApplicationSummaryTests {

	@Test
	void aWindowWithoutThroughputHasNoResponseTimeErrorRateOrApdex() {
		// given what the service answers for a key transaction without calls in its
		// window
		ApplicationSummary idle = new ApplicationSummary(0.0, 0.0, 0.0, 0.5, 0.0, null, null);

		// when
		ApplicationSummary measured = idle.measured();

		// then
		assertThat(measured).isEqualTo(new ApplicationSummary(null, 0.0, null, 0.5, null, null, null));
	}

	@Test
	void aWindowWithThroughputIsShownAsItIs() {
		ApplicationSummary busy = new ApplicationSummary(280.0, 350.0, 0.0, 0.5, 0.93, 6, 6);

		assertThat(busy.measured()).isEqualTo(busy);
	}

}
