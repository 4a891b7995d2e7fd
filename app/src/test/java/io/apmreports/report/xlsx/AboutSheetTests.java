package io.apmreports.report.xlsx;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.apmreports.formula.MetricNames;

/**
 * The About sheet tells readers the metrics the formulas read by default, so it must name
 * what the formula engine asks for.
 */
class AboutSheetTests {

	@Test
	void theFormulasNameTheMetricsTheEngineReadsByDefault() {
		// given the default names of the formula engine
		MetricNames names = MetricNames.defaults();

		// when the About sheet's formulas are read as one text
		String formulas = String.join("\n", AboutSheet.FORMULAS);

		// then every name a formula reads is there, the service's names for cache and
		// Ruby database time included, and not the specification's neutral words
		assertThat(formulas).contains(List.of(names.httpDispatcher(), names.webTransactionTotalTime(),
				names.queueTime(), names.otherTransaction(), names.database(), names.orm(), names.cache(),
				names.external(), names.datastore("<type>")));
		assertThat(formulas).doesNotContain("Cache/allWeb", "Orm/all");
	}

}
