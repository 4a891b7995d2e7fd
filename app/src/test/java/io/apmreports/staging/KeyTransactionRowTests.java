package io.apmreports.staging;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.OffsetDateTime;
import java.time.ZoneId;

import org.junit.jupiter.api.Test;

class KeyTransactionRowTests {

	@Test
	void inTheReportsZoneTheRowIsReadAtTheSameInstantAndOtherwiseTheSame() {
		// given a summary read at 05:30 UTC, 06:30 in Berlin in November
		KeyTransactionRow utc = new KeyTransactionRow(501, "Pay", 1001, "Checkout", "WebTransaction/pay", 210.0, 30.0,
				0.01, 0.5, 0.9, OffsetDateTime.parse("2026-11-16T05:30:00Z"));

		// when
		KeyTransactionRow berlin = utc.inZone(ZoneId.of("Europe/Berlin"));

		// then
		assertThat(berlin.takenAt()).isEqualTo(OffsetDateTime.parse("2026-11-16T06:30:00+01:00"));
		assertThat(berlin.takenAt().toInstant()).isEqualTo(utc.takenAt().toInstant());
		assertThat(berlin).usingRecursiveComparison().ignoringFields("takenAt").isEqualTo(utc);
	}

}
