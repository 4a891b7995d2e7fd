package io.apmreports.definition;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SectionTests {

	@Test
	void aSectionIsToldAsADefinitionWritesIt() {
		// given sections of one word and of two

		// then each is told in a definition's words, never as a constant's name
		assertThat(Section.COST.written()).isEqualTo("cost");
		assertThat(Section.KEY_TRANSACTIONS.written()).isEqualTo("key-transactions");
		assertThat(Section.SERVICE_LEVELS.written()).isEqualTo("service-levels");
	}

}
