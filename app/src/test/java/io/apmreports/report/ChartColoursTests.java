package io.apmreports.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.apmreports.definition.Thresholds;

class ChartColoursTests {

	@Test
	void anApplicationKeepsItsColourWhateverTheOthersInTheChart() {
		// when the same application is charted with others, in another order
		List<String> one = ChartColours.applications(List.of("Checkout Service", "Search Gateway"));
		List<String> other = ChartColours.applications(List.of("Edge Router", "Checkout Service"));

		// then
		assertThat(other.get(1)).isEqualTo(one.get(0));
	}

	@Test
	void noTwoApplicationsOfAChartShareAColour() {
		// given ten names, some of which pick the same colour
		List<String> names = List.of("a", "b", "c", "d", "e", "f", "g", "h", "i", "k");

		// then each has its own
		assertThat(ChartColours.applications(names)).doesNotHaveDuplicates().hasSize(10);
	}

	@Test
	void aScoreIsColouredByHowGoodItIsUnderTheDefinitionsThresholds() {
		Thresholds thresholds = Thresholds.DEFAULT;
		// Apdex: 0.85 and up good, under 0.7 (low-apdex) poor
		assertThat(ChartColours.apdex(0.92, thresholds)).isEqualTo("59A14F");
		assertThat(ChartColours.apdex(0.77, thresholds)).isEqualTo("EDC948");
		assertThat(ChartColours.apdex(0.65, thresholds)).isEqualTo("E15759");
		// error rate: 1% and under good, above 5% (high-error-rate) poor
		assertThat(ChartColours.errorRate(0.0046, thresholds)).isEqualTo("59A14F");
		assertThat(ChartColours.errorRate(0.03, thresholds)).isEqualTo("EDC948");
		assertThat(ChartColours.errorRate(0.06, thresholds)).isEqualTo("E15759");
	}

	@Test
	void eachComponentHasItsOwnColour() {
		assertThat(ChartData.Components.PARTS.stream().map(ChartColours::component)).doesNotHaveDuplicates();
	}

}
