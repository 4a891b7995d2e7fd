package io.apmreports.apm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

import io.apmreports.UserFacingException;
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
	void thirtyNamesARequestHoldTheWholeTimingFamilyWithTheDefaultDatastoreTypes() {
		// when nothing is configured
		ApmProperties properties = new Binder(new MapConfigurationPropertySource(Map.of())).bindOrCreate("apm",
				ApmProperties.class);

		// then the timing family with every default datastore type still fits one request
		assertThat(properties.namesPerRequest()).isEqualTo(30);
		assertThat(MetricNames.defaults().timingFamily(properties.datastoreTypes()))
			.hasSizeLessThanOrEqualTo(properties.namesPerRequest());
	}

	@Test
	void fewerThanOneNameARequestIsRefusedNamingTheSetting() {
		// given no names a request
		Binder binder = new Binder(new MapConfigurationPropertySource(Map.of("apm.names-per-request", "0")));

		// when the settings are bound
		// then the setting and its value are named
		assertThatThrownBy(() -> binder.bindOrCreate("apm", ApmProperties.class))
			.hasRootCauseInstanceOf(UserFacingException.class)
			.rootCause()
			.hasMessage("apm.names-per-request must be at least 1, not 0");
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
