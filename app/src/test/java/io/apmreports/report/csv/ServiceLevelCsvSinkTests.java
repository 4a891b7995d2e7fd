package io.apmreports.report.csv;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.apmreports.definition.Section;
import io.apmreports.report.ReportSink;
import io.apmreports.report.ServiceLevelFixtures;
import io.apmreports.report.ServiceLevelReport;

class ServiceLevelCsvSinkTests {

	@TempDir
	Path directory;

	private void write(ServiceLevelReport report) throws Exception {
		List<ReportSink> sinks = CsvReportSinks.open(directory, EnumSet.of(Section.SERVICE_LEVELS), "team");
		for (ReportSink sink : sinks) {
			sink.serviceLevels(report);
			sink.close();
		}
	}

	@Test
	void serviceLevelsCsvHasARowPerLevelAndMonthWithTheBudgetComputedByHand() throws Exception {
		write(ServiceLevelFixtures.october());

		List<String> lines = Files.readAllLines(directory.resolve("service-levels.csv"), StandardCharsets.UTF_8);
		assertThat(lines.get(0)).isEqualTo("account_id,team,application_id,application_name,service_level,guid,"
				+ "target_pct,window_days,month,attainment_pct,budget_consumed,budget_remaining,budget_colour,good,"
				+ "valid,before_creation,partial");
		// 3 levels x 12 months
		assertThat(lines).hasSize(1 + 36);
		// 99.86 %: (100 - 99.86) / (100 - 99.9) = 1.4 consumed, -0.4 left
		assertThat(lines).contains("1234567,checkout,101,Checkout Service,Checkout availability,"
				+ ServiceLevelFixtures.CHECKOUT + ",99.9,28,2026-10,99.86,1.4,-0.4,red,998600,1000000,false,false");
		// a month before the level existed: empty figures, never 0
		assertThat(lines).contains("1234567,search,102,Search API,Search API latency," + ServiceLevelFixtures.SEARCH
				+ ",99.5,7,2026-05,,,,,,,true,false");
		assertThat(lines).contains("7654321,(no team tag),201,Login,Login success," + ServiceLevelFixtures.LOGIN
				+ ",99,1,2026-10,99.2,0.8,0.2,yellow,9920,10000,false,true");
	}

	@Test
	void slaCsvHasARowPerApplicationAndMonthSayingWhereItCameFrom() throws Exception {
		write(ServiceLevelFixtures.october());

		List<String> lines = Files.readAllLines(directory.resolve("sla.csv"), StandardCharsets.UTF_8);
		assertThat(lines.get(0)).isEqualTo("account_id,team,application_id,application_name,month,requests,"
				+ "apdex_score,satisfied,tolerating,frustrated,error_rate,source");
		assertThat(lines).hasSize(1 + 12)
			.contains("1234567,checkout,103,Billing,2026-10,120000,0.93,0.9,0.06,0.04,0.002,kept from a run",
					"1234567,checkout,103,Billing,2026-09,110000,,,,,0.001,from NRQL",
					"1234567,checkout,103,Billing,2025-11,,,,,,,");
	}

}
