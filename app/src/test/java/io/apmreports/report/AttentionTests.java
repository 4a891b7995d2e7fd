package io.apmreports.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import io.apmreports.definition.Thresholds;

class AttentionTests {

	@Test
	void aRedHealthIsRedWhateverItsErrorRate() {
		// given the demo's Search Gateway: health red, 3.5% errors, under the 5% the
		// Summary sheet marks
		Attention attention = Attention.of("Search Gateway", null, "red", 0.035, 0.8, Thresholds.DEFAULT);

		// then red, as the workbook's Health column says, not amber as a 3.5% bar is
		assertThat(attention.severity()).isEqualTo(Attention.Severity.RED);
		assertThat(attention.reasons()).containsExactly("health red", "error rate 3.50%", "Apdex 0.80");
	}

	@Test
	void whatTheSummarySheetFillsRedIsRedAndAnOrangeHealthOrange() {
		// given an error rate above 5% and an Apdex under 0.7 on a green application, and
		// an orange one
		Attention marked = Attention.of("Checkout", "Production (account 1)", "green", 0.062, 0.61, Thresholds.DEFAULT);
		Attention orange = Attention.of("Inventory API", null, "orange", 0.001, 0.95, Thresholds.DEFAULT);

		// then
		assertThat(marked.severity()).isEqualTo(Attention.Severity.RED);
		assertThat(marked.account()).isEqualTo("Production (account 1)");
		assertThat(marked.reasons()).containsExactly("error rate 6.20% (above 5.00%)", "Apdex 0.61 (under 0.70)");
		assertThat(orange.severity()).isEqualTo(Attention.Severity.ORANGE);
	}

	@Test
	void aHealthyApplicationOrOneWithoutFiguresNeedsNoLook() {
		assertThat(Attention.of("Checkout", null, "green", 0.01, 0.95, Thresholds.DEFAULT)).isNull();
		assertThat(Attention.of("Idle", null, "gray", null, null, Thresholds.DEFAULT)).isNull();
	}

}
