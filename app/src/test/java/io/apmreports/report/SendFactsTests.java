package io.apmreports.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import io.apmreports.definition.SendWhen;

class SendFactsTests {

	/** An account of Apdex 0.92, whose worst application is at 0.80. */
	private static final SendFacts FACTS = new SendFacts(false, 0.92, 0.01, 200.0, 0.80, 0.04, 900.0);

	@Test
	void alwaysSendsAndRegressionsSendOnlyWithNews() {
		assertThat(FACTS.callFor(SendWhen.ALWAYS)).isTrue();
		assertThat(FACTS.callFor(SendWhen.parse("regressions"))).isFalse();
		assertThat(new SendFacts(true, null, null, null, null, null, null).callFor(SendWhen.parse("regressions")))
			.isTrue();
	}

	@Test
	void aLimitForTheAccountIsDecidedOnTheAccountsFigure() {
		assertThat(FACTS.callFor(SendWhen.parse("apdex-below=0.85"))).isFalse();
		assertThat(FACTS.callFor(SendWhen.parse("apdex-below=0.95"))).isTrue();
		assertThat(FACTS.callFor(SendWhen.parse("response-time-above=500"))).isFalse();
	}

	@Test
	void aLimitForEachApplicationIsDecidedOnTheWorstApplication() {
		assertThat(FACTS.callFor(SendWhen.parse("apdex-below=0.85,for=each-application"))).isTrue();
		assertThat(FACTS.callFor(SendWhen.parse("error-rate-above=5%,for=each-application"))).isFalse();
		assertThat(FACTS.callFor(SendWhen.parse("response-time-above=500,for=each-application"))).isTrue();
	}

	@Test
	void noFigureCrossesNoLimit() {
		assertThat(SendFacts.NONE.callFor(SendWhen.parse("apdex-below=0.85,for=each-application"))).isFalse();
	}

}
