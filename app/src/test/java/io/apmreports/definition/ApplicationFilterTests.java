package io.apmreports.definition;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class ApplicationFilterTests {

	@ParameterizedTest(name = "{0} ~ {1}: {2}")
	@CsvSource(delimiter = '|', textBlock = """
			Checkout*       | Checkout Service          | true
			checkout*       | CHECKOUT SERVICE          | true
			Checkout*       | My Checkout Service       | false
			*Service        | Checkout Service          | true
			Storefront?     | Storefront2               | true
			Storefront?     | Storefront                | false
			*(retired)      | Reporting Batch (retired) | true
			a.b             | axb                       | false
			Edge Router     | Edge Router               | true
			*a*b*c          | xaxbxbxc                  | true
			*a*b*c          | xaxbxbxcx                 | false
			Pay*ents*       | Payments Gateway          | true
			**              | ''                        | true
			?               | ''                        | false
			ÉCOLE*          | école primaire            | true
			""")
	void aPatternMatchesTheWholeNameIgnoringCase(String pattern, String name, boolean matches) {
		assertThat(ApplicationFilter.matches(pattern, name)).isEqualTo(matches);
	}

	@Test
	void anApplicationPassesEveryCriterionGivenAndNoExclusion() {
		// given patterns, ids and exclusions together
		ApplicationFilter filter = new ApplicationFilter(null, List.of(1L, 2L, 3L), List.of("Shop*", "Pay*"), Map.of(),
				new ApplicationFilter.Exclusion(List.of("*Legacy"), List.of(3L), Map.of()));

		// then only what passes all and is not excluded is selected
		assertThat(filter.selects(1, "Shop Web")).isTrue();
		assertThat(filter.selects(2, "Payments")).isTrue();
		assertThat(filter.selects(4, "Shop Web")).as("id not listed").isFalse();
		assertThat(filter.selects(1, "Search")).as("no pattern matches").isFalse();
		assertThat(filter.selects(2, "Shop Legacy")).as("excluded by name").isFalse();
		assertThat(filter.selects(3, "Shop API")).as("excluded by id").isFalse();
	}

	@Test
	void nothingGivenSelectsEveryApplication() {
		assertThat(ApplicationFilter.all().selectsAll()).isTrue();
		assertThat(ApplicationFilter.all().selects(42, "Anything")).isTrue();
		assertThat(ApplicationFilter.all().describe()).isEqualTo("every application");
		assertThat(new ApplicationFilter(null, List.of(), List.of(), Map.of("team", List.of("ops")), null).selectsAll())
			.isFalse();
	}

}
