package io.apmreports.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import io.apmreports.testing.BoundSettings;

class ReportPropertiesTests {

	@ParameterizedTest(name = "{0}={1}")
	@CsvSource(delimiter = '|',
			textBlock = """
					chunk-size        | 0    | report.chunkSize: must be greater than or equal to 1
					concurrency       | -1   | report.concurrency: must be greater than or equal to 1
					max-failed-share  | -0.1 | report.maxFailedShare: must be from 0 to 1
					max-failed-share  | 1.01 | report.maxFailedShare: must be from 0 to 1
					max-failed-share  | NaN  | report.maxFailedShare: must be from 0 to 1
					recover-after     | -10m | report.recoverAfter: must be longer than or equal to 0
					progress-interval | 0s   | report.progressInterval: must be longer than 0
					lock-at-most-for  | 29s  | report.lockAtMostFor: must be longer than or equal to 30 seconds
					keep-for          | 23h  | report.keepFor: must be longer than or equal to 1 day
					history-keep-for  | 23h  | report.historyKeepFor: must be longer than or equal to 1 day
					event-retention-days | 0   | report.eventRetentionDays: must be a number of days from 1 to 400: the vendor keeps APM events 8 days with the original data option, 98 with Data Plus
					event-retention-days | 401 | report.eventRetentionDays: must be a number of days from 1 to 400: the vendor keeps APM events 8 days with the original data option, 98 with Data Plus
					data-dir          | data | report.dataDir: must be an absolute path, or start with ./ for one relative to the working directory
					data-dir          | ''   | report.dataDir: must be an absolute path, or start with ./ for one relative to the working directory
					""")
	void anImpossibleValueIsRefusedWhenBound(String setting, String value, String error) {
		// given a data directory, as application.yml gives one, unless the value replaces
		// it
		Map<String, String> values = new HashMap<>(Map.of("report.data-dir", "./data"));
		values.put("report." + setting, value);

		assertThat(BoundSettings.firstError("report", ReportProperties.class, values)).isEqualTo(error);
	}

	@ParameterizedTest
	@ValueSource(strings = { "./data", "../data", ".", "/var/lib/apm-reports", "C:\\apm-reports" })
	void aDataDirectoryH2TakesIsAccepted(String dataDir) {
		assertThat(BoundSettings.firstError("report", ReportProperties.class, Map.of("report.data-dir", dataDir)))
			.isNull();
	}

	@Test
	void theLimitsThemselvesAreAccepted() {
		ReportProperties properties = BoundSettings.bind("report", ReportProperties.class,
				Map.of("report.chunk-size", "1", "report.concurrency", "1", "report.max-failed-share", "1",
						"report.lock-at-most-for", "30s", "report.recover-after", "0s", "report.data-dir", "./data"));

		assertThat(properties.maxFailedShare()).isEqualTo(1.0);
	}

	@Test
	void theOrganisationsEventsAreKept8DaysUnlessTheSettingSaysOtherwise() {
		ReportProperties unset = BoundSettings.bind("report", ReportProperties.class,
				Map.of("report.data-dir", "./data"));
		ReportProperties dataPlus = BoundSettings.bind("report", ReportProperties.class,
				Map.of("report.data-dir", "./data", "report.event-retention-days", "98"));

		assertThat(unset.eventRetentionDays()).isEqualTo(8);
		assertThat(dataPlus.eventRetentionDays()).isEqualTo(98);
	}

	@Test
	void theHistoryIsKept400DaysUnlessTheSettingSaysOtherwise() {
		ReportProperties unset = BoundSettings.bind("report", ReportProperties.class,
				Map.of("report.data-dir", "./data"));
		ReportProperties set = BoundSettings.bind("report", ReportProperties.class,
				Map.of("report.data-dir", "./data", "report.history-keep-for", "800d"));

		assertThat(unset.historyKeepFor()).isEqualTo(Duration.ofDays(400));
		assertThat(set.historyKeepFor()).isEqualTo(Duration.ofDays(800));
	}

	@Test
	void runsAreKeptForEverUnlessKeepForIsSetAsAPeriodSuchAsNinetyDays() {
		ReportProperties unset = BoundSettings.bind("report", ReportProperties.class,
				Map.of("report.data-dir", "./data"));
		ReportProperties set = BoundSettings.bind("report", ReportProperties.class,
				Map.of("report.data-dir", "./data", "report.keep-for", "90d"));

		assertThat(unset.keepFor()).isNull();
		assertThat(set.keepFor()).isEqualTo(Duration.ofDays(90));
	}

}
