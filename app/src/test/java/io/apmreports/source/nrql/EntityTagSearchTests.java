package io.apmreports.source.nrql;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class EntityTagSearchTests {

	@Test
	void aSearchIsOneValueOfOneKeyInTheAccountTheKeyInBackticks() {
		assertThat(EntityTagSearch.query(1234567, "cost-center", "42"))
			.isEqualTo("domain = 'APM' AND type = 'APPLICATION' AND accountId = 1234567 AND tags.`cost-center` = '42'");
	}

	@Test
	void quotesInAValueAreEscaped() {
		assertThat(EntityTagSearch.query(1, "owner", "o'brien"))
			.isEqualTo("domain = 'APM' AND type = 'APPLICATION' AND accountId = 1 AND tags.`owner` = 'o\\'brien'");
	}

}
