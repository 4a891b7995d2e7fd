package io.apmreports.apm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

import io.apmreports.formula.MetricNames;

class ApmPropertiesTests {

	@Test
	void unsetMetricNamesAreTheSpecificationsAsTheFormulaEngineKnowsThem() {
		// when nothing is configured
		ApmProperties properties = new Binder(new MapConfigurationPropertySource(Map.of())).bindOrCreate("apm",
				ApmProperties.class);

		// then the settings' defaults and the formula engine's agree
		assertThat(properties.metrics().toMetricNames()).isEqualTo(MetricNames.defaults());
	}

	@Test
	void oneMetricNameCanBeChangedAndTheOthersKeepTheirDefaults() {
		// when only the queue time metric is renamed
		ApmProperties properties = new Binder(new MapConfigurationPropertySource(
				Map.of("apm.metrics.queue-time", "WebFrontend/QueueTimeV2"))).bindOrCreate("apm", ApmProperties.class);

		// then
		assertThat(properties.metrics().queueTime()).isEqualTo("WebFrontend/QueueTimeV2");
		assertThat(properties.metrics().httpDispatcher()).isEqualTo(MetricNames.defaults().httpDispatcher());
	}

}
