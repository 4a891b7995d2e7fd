package io.apmreports.source.nrql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
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

	@Test
	void aTagIsFoundByItsKeyWithoutRegardToCaseAndAnAbsentOneIsNoValue() {
		// given an application entity with two tags, one of two values
		Map<String, Object> answer = Map.of("guid", "MTIz", "name", "Checkout", "applicationId", 1001, "tags",
				List.of(Map.of("key", "Team", "values", List.of("checkout")),
						Map.of("key", "environment", "values", List.of("production", "staging"))));

		// when its tags are read
		Entity entity = Entity.read(answer);

		// then each key gives its values, whatever the case asked, and a key it lacks
		// none
		assertThat(entity.tag("team")).containsExactly("checkout");
		assertThat(entity.tag("ENVIRONMENT")).containsExactly("production", "staging");
		assertThat(entity.tag("owner")).isEmpty();
	}

	@Test
	void tagsThatAreNotKeysWithValuesAreRefused() {
		// given tags in a shape the schema does not give
		Map<String, Object> answer = Map.of("guid", "MTIz", "name", "Checkout", "tags", List.of("team=checkout"));

		// when / then
		assertThatIllegalArgumentException().isThrownBy(() -> Entity.read(answer))
			.withMessage("a tag is not a key with values");
	}

}
