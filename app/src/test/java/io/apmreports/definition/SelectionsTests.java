package io.apmreports.definition;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class SelectionsTests {

	@Test
	void aSelectionKeptAsTextReadsBackAsItWas() {
		// given a selection with every kind of criterion, a tag key with a dash and a
		// pattern with YAML's own characters
		Map<String, List<String>> tags = new LinkedHashMap<>();
		tags.put("team", List.of("checkout", "payments"));
		tags.put("cost-center", List.of("42"));
		ApplicationFilter filter = new ApplicationFilter("shop", List.of(1001L), List.of("Checkout*", "[a]: {b}"), tags,
				new ApplicationFilter.Exclusion(List.of("*(retired)"), List.of(1011L), Map.of("env", List.of("lab"))));

		// when
		String text = Selections.text(filter);

		// then it is one line, and reads back equal
		assertThat(text).doesNotContain("\n");
		assertThat(Selections.read(text)).isEqualTo(filter);
	}

	@Test
	void everyApplicationIsKeptAsAnEmptySelection() {
		assertThat(Selections.read(Selections.text(ApplicationFilter.all()))).isEqualTo(ApplicationFilter.all());
	}

}
