package io.apmreports.definition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SendWhenTests {

	@Test
	void limitsAreReadBackAsTheyWereWritten() {
		// given
		SendWhen when = SendWhen.parse("apdex-below=0.85,error-rate-above=2.5%,for=each-application");

		// then
		assertThat(when.apdexBelow()).isEqualTo(0.85);
		assertThat(when.errorRateAbove()).isEqualTo(0.025);
		assertThat(when.eachApplication()).isTrue();
		assertThat(SendWhen.parse(when.text())).isEqualTo(when);
		assertThat(SendWhen.parse("regressions").text()).isEqualTo("regressions");
		assertThat(SendWhen.parse(null).always()).isTrue();
	}

	@Test
	void anyLimitCrossedCallsForSendingAndAnAbsentFigureCrossesNone() {
		// given
		SendWhen when = SendWhen.parse("apdex-below=0.85,error-rate-above=2%,response-time-above=500");

		// then: Apdex 0.84 < 0.85; error rate 0.021 > 0.02; 500 ms is not above 500
		assertThat(when.crossed(0.84, 0.0, 100.0)).isTrue();
		assertThat(when.crossed(0.9, 0.021, 100.0)).isTrue();
		assertThat(when.crossed(0.85, 0.02, 500.0)).isFalse();
		assertThat(when.crossed(null, null, null)).isFalse();
	}

	@Test
	void whyNothingWasSentNamesTheLimits() {
		assertThat(SendWhen.parse("apdex-below=0.85,error-rate-above=2%").notSentReason())
			.isEqualTo("no Apdex under 0.85 nor error rate above 2% for the account");
		assertThat(SendWhen.parse("regressions").notSentReason())
			.isEqualTo("no regressions and no failed applications");
	}

	@Test
	void aMistakeIsOneLine() {
		assertThatThrownBy(() -> SendWhen.parse("apdex-below=1.5"))
			.hasMessage("send-when apdex-below '1.5' is not a number from 0 to 1");
		assertThatThrownBy(() -> SendWhen.parse("apdex=0.8")).hasMessage(
				"send-when has no limit 'apdex' (known: apdex-below, error-rate-above, response-time-above, for)");
		assertThatThrownBy(() -> SendWhen.parse("for=account")).hasMessageStartingWith("send-when names no limit");
	}

}
