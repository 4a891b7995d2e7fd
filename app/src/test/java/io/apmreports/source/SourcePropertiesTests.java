package io.apmreports.source;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

import io.apmreports.formula.MetricNames;
import io.apmreports.testing.BoundSettings;

class SourcePropertiesTests {

	@Test
	void unsetMetricNamesAreTheSpecificationsAsTheFormulaEngineKnowsThem() {
		// when nothing is configured
		SourceProperties properties = new Binder(new MapConfigurationPropertySource(Map.of())).bindOrCreate("apm",
				SourceProperties.class);

		// then the settings' defaults and the formula engine's agree
		assertThat(properties.metrics().toMetricNames()).isEqualTo(MetricNames.defaults());
	}

	@Test
	void thirtyNamesARequestHoldTheWholeTimingFamilyWithTheDefaultDatastoreTypes() {
		// when nothing is configured
		SourceProperties properties = new Binder(new MapConfigurationPropertySource(Map.of())).bindOrCreate("apm",
				SourceProperties.class);

		// then the timing family with every default datastore type still fits one request
		assertThat(properties.namesPerRequest()).isEqualTo(30);
		assertThat(MetricNames.defaults().timingFamily(properties.datastoreTypes()))
			.hasSizeLessThanOrEqualTo(properties.namesPerRequest());
	}

	@Test
	void oneMetricNameCanBeChangedAndTheOthersKeepTheirDefaults() {
		// when only the queue time metric is renamed
		SourceProperties properties = new Binder(
				new MapConfigurationPropertySource(Map.of("apm.metrics.queue-time", "WebFrontend/QueueTimeV2")))
			.bindOrCreate("apm", SourceProperties.class);

		// then
		assertThat(properties.metrics().queueTime()).isEqualTo("WebFrontend/QueueTimeV2");
		assertThat(properties.metrics().httpDispatcher()).isEqualTo(MetricNames.defaults().httpDispatcher());
	}

	@ParameterizedTest(name = "{0}={1}")
	@CsvSource(delimiter = '|', textBlock = """
			rate-limit                | -5        | apm.rateLimit: must be greater than or equal to 0
			names-per-request         | 0         | apm.namesPerRequest: must be greater than or equal to 1
			retry.max-attempts        | 0         | apm.retry.maxAttempts: must be greater than or equal to 1
			retry.initial-backoff     | -1ms      | apm.retry.initialBackoff: must be longer than or equal to 0
			retry.max-backoff         | -1s       | apm.retry.maxBackoff: must be longer than or equal to 0
			retry.max-wait            | -1s       | apm.retry.maxWait: must be longer than or equal to 0
			connect-timeout           | 0s        | apm.connectTimeout: must be longer than 0
			read-timeout              | -30s      | apm.readTimeout: must be longer than 0
			key-header                | X Api Key | apm.keyHeader: must be an HTTP header name
			metrics.http-dispatcher   | ' '       | apm.metrics.httpDispatcher: must not be blank
			datastore-types           | 'a,,b'    | apm.datastoreTypes[1]: must not be blank
			""")
	void anImpossibleValueIsRefusedWhenBound(String setting, String value, String error) {
		// given
		Map<String, String> values = Map.of("apm." + setting, value);

		// the REST client's own settings, and those both sources share, in one record
		assertThat(BoundSettings.firstError("apm", SourceProperties.class, values)).isEqualTo(error);
	}

	@Test
	void theLimitsThemselvesAreAccepted() {
		// no pacing, one attempt, no backoff
		assertThat(BoundSettings.bind("apm", SourceProperties.class, Map.of("apm.rate-limit", "0")).rateLimit())
			.isZero();
		assertThat(BoundSettings
			.bind("apm", SourceProperties.class,
					Map.of("apm.retry.max-attempts", "1", "apm.retry.initial-backoff", "0s"))
			.retry()
			.maxAttempts()).isEqualTo(1);
	}

}
