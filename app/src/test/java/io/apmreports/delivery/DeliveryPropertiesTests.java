package io.apmreports.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.util.unit.DataSize;

import io.apmreports.testing.BoundSettings;

class DeliveryPropertiesTests {

	@ParameterizedTest
	@CsvSource(delimiter = '|', textBlock = """
			apm-reports@example.com              | example.com
			APM Reports <reports@apm.example.com> | apm.example.com
			"Ops, Reports" <ops@example.org>      | example.org
			""")
	void theMessageIdDomainIsTheAddressesNeverTheDisplayName(String from, String domain) {
		assertThat(properties(from).domain()).isEqualTo(domain);
	}

	@ParameterizedTest(name = "{0}={1}")
	@CsvSource(delimiter = '|', textBlock = """
			from          | nobody | delivery.from: must be an e-mail address
			from          | a@b@c  | delivery.from: must be an e-mail address
			from          | ' '    | delivery.from: must be an e-mail address
			attempts      | 0      | delivery.attempts: must be greater than or equal to 1
			retry-delay   | -1s    | delivery.retryDelay: must be longer than or equal to 0
			summary-rows  | -1     | delivery.summaryRows: must be greater than or equal to 0
			zip-above     | -1B    | delivery.zipAbove: must not be negative
			""")
	void anImpossibleValueIsRefusedWhenBound(String setting, String value, String error) {
		assertThat(BoundSettings.firstError("delivery", DeliveryProperties.class, Map.of("delivery." + setting, value)))
			.isEqualTo(error);
	}

	@Test
	void theDefaultsAndTheLimitsThemselvesAreAccepted() {
		assertThat(BoundSettings
			.bind("delivery", DeliveryProperties.class, Map.of("delivery.attempts", "1", "delivery.retry-delay", "0s",
					"delivery.summary-rows", "0", "delivery.zip-above", "0B"))
			.attempts()).isEqualTo(1);
	}

	private static DeliveryProperties properties(String from) {
		return new DeliveryProperties(from, DataSize.ofMegabytes(10), 3, Duration.ofSeconds(20), 10);
	}

}
