package io.apmreports.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CellTextTests {

	@Test
	void aFigureAHairUnderAHalfIsWrittenAsTheHalfRoundsUp() {
		// given 261.5995 ms as REST computes it (ms) and as NRQL does (s x 1000): 1 ulp
		// apart
		double rest = 261.5995;
		double nrql = Math.nextDown(rest);

		// then both write the same digits, the half rounded up
		assertThat(CellText.number(rest)).isEqualTo("261.6");
		assertThat(CellText.number(nrql)).isEqualTo("261.6");
	}

	@Test
	void otherwiseRoundsToThreePlacesWithoutTrailingZerosOrExponent() {
		assertThat(CellText.number(51253800)).isEqualTo("51253800");
		assertThat(CellText.number(0.0004)).isEqualTo("0");
		assertThat(CellText.number(1.23449)).isEqualTo("1.234");
		assertThat(CellText.number(-2.0005)).isEqualTo("-2.001");
	}

}
