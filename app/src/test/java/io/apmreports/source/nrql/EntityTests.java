package io.apmreports.source.nrql;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class EntityTests {

	@ParameterizedTest(name = "{0} -> {1}")
	@CsvSource(nullValues = "none", textBlock = """
			https://one.newrelic.com/redirect/entity/MTIz, https://one.newrelic.com/redirect/entity/MTIz
			https://one.eu.newrelic.com/redirect/entity/MTIz, https://one.eu.newrelic.com/redirect/entity/MTIz
			http://one.newrelic.com/redirect/entity/MTIz, none
			javascript:alert(1), none
			=HYPERLINK("https://x"), none
			""")
	void onlyAnHttpsPermalinkIsKeptForReadersToClick(String permalink, String kept) {
		// given an application entity as entity search answers it
		Map<String, Object> answer = Map.of("guid", "MTIz", "name", "Checkout", "applicationId", 1001, "permalink",
				permalink);

		// when / then
		assertThat(Entity.read(answer).permalink()).isEqualTo(kept);
	}

}
