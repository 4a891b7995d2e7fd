package io.apmreports.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DigestsTests {

	@Test
	void aDigestIsTheStartOfTheSha256InHex() {
		// SHA-256("abc") = ba7816bf 8f01cfea ... (FIPS 180-2, appendix B.1)
		assertThat(Digests.sha256Hex("abc", 4)).isEqualTo("ba7816bf");
		assertThat(Digests.sha256Hex("abc", 8)).isEqualTo("ba7816bf8f01cfea");
	}

}
