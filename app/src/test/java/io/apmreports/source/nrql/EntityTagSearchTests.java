package io.apmreports.source.nrql;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class EntityTagSearchTests {

	@Test
	void eachCombinationOfOneValuePerKeyIsOneSearchWithEveryKeyInBackticks() {
		// given two values of one key and one of another
		Map<String, List<String>> tags = new LinkedHashMap<>();
		tags.put("team", List.of("checkout", "payments"));
		tags.put("cost-center", List.of("42"));

		// when
		List<String> queries = EntityTagSearch.queries(1234567, tags);

		// then two searches, each narrowed to the account and both keys
		String account = "domain = 'APM' AND type = 'APPLICATION' AND accountId = 1234567";
		assertThat(queries).containsExactly(account + " AND tags.`team` = 'checkout' AND tags.`cost-center` = '42'",
				account + " AND tags.`team` = 'payments' AND tags.`cost-center` = '42'");
	}

	@Test
	void quotesInAValueAreEscaped() {
		assertThat(EntityTagSearch.queries(1, Map.of("owner", List.of("o'brien")))).containsExactly(
				"domain = 'APM' AND type = 'APPLICATION' AND accountId = 1 AND tags.`owner` = 'o\\'brien'");
	}

}
