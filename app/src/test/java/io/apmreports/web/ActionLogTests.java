package io.apmreports.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ActionLogTests {

	@Test
	void aDetailLongerThanItsColumnIsCutAndSaysSo() {
		assertThat(ActionLog.cut("to a@example.com, b@example.com", 16)).isEqualTo("to a@example.co…").hasSize(16);
		assertThat(ActionLog.cut("to a@example.com", 16)).isEqualTo("to a@example.com");
	}

}
