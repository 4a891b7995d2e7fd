package io.apmreports.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.util.Map;

import org.junit.jupiter.api.Test;

class NerdGraphFaultsTests {

	@Test
	void errorClassRulesAreReadFromTheCommandLineForm() {
		// given the option with two rules when it is parsed
		Faults faults = Faults.parse(Map.of("error-class-every", "TIMEOUT:5, SERVER_ERROR:7"));

		// then both rules are there in order and count as faults
		assertThat(faults.nerdGraphFailEvery()).containsExactly(new NerdGraphFailEvery("TIMEOUT", 5),
				new NerdGraphFailEvery("SERVER_ERROR", 7));
		assertThat(faults.any()).isTrue();
	}

	@Test
	void anUnknownClassOrPeriodIsRefusedNamingTheOption() {
		// given an unknown class and a zero period when they are parsed then each is
		// refused with the option's name
		assertThatThrownBy(() -> Faults.parse(Map.of("error-class-every", "FORBIDDEN:3")))
			.isInstanceOf(IllegalArgumentException.class)
			.hasMessageContaining("error-class-every")
			.hasMessageContaining("FORBIDDEN");
		assertThatThrownBy(() -> Faults.parse(Map.of("error-class-every", "TIMEOUT:0")))
			.isInstanceOf(IllegalArgumentException.class)
			.hasMessageContaining("error-class-every");
	}

	@Test
	void theFirstMatchingRuleDecidesTheClass() {
		// given rules every 2 and every 3
		NerdGraphFailEvery two = new NerdGraphFailEvery("TIMEOUT", 2);
		NerdGraphFailEvery three = new NerdGraphFailEvery("SERVER_ERROR", 3);

		// then request 6 is hit by both, and the first listed wins in the responder
		assertThat(two.hits(6)).isTrue();
		assertThat(three.hits(6)).isTrue();
		assertThat(three.hits(4)).isFalse();
		FaultResponder responder = new FaultResponder(
				Faults.none().withNerdGraphFailEvery("TIMEOUT", 2).withNerdGraphFailEvery("SERVER_ERROR", 3),
				Clock.systemUTC(), new RequestLog());
		assertThat(responder.nerdGraphFault(6)).hasValue("TIMEOUT");
		assertThat(responder.nerdGraphFault(3)).hasValue("SERVER_ERROR");
		assertThat(responder.nerdGraphFault(5)).isEmpty();
	}

}
