package io.apmreports.delivery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.util.unit.DataSize;

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

	@ParameterizedTest
	@CsvSource({ "nobody", "a@b@c", "''" })
	void aSenderThatIsNoAddressIsRefusedWhenBound(String from) {
		assertThatThrownBy(() -> properties(from)).hasMessageContaining("delivery.from '" + from + "'");
	}

	private static DeliveryProperties properties(String from) {
		return new DeliveryProperties(from, DataSize.ofMegabytes(10), 3, Duration.ofSeconds(20), 10);
	}

}
