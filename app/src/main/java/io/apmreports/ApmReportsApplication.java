package io.apmreports;

import java.time.Clock;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.context.annotation.Bean;

import io.apmreports.definition.ReportDefinitions;
import io.apmreports.delivery.DeliveryProperties;
import io.apmreports.rest.ApmProperties;
import io.apmreports.run.ReportProperties;
import io.apmreports.schedule.ScheduleProperties;

/**
 * Spring Boot entry point of apm-reports. The command line is parsed by
 * {@link io.apmreports.cli.Main} before a context is started.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
public class ApmReportsApplication {

	/**
	 * Takes every settings record, so that all are bound and validated first, as this
	 * bean is created before any other of the application: a bad setting stops the start
	 * before the job repository is opened.
	 */
	ApmReportsApplication(ApmProperties apm, ReportProperties report, DeliveryProperties delivery,
			ScheduleProperties schedule) {
	}

	/**
	 * The report definitions of {@code report.definitions}, which launches and schedules
	 * read.
	 */
	@Bean
	ReportDefinitions reportDefinitions(ReportProperties properties) {
		return new ReportDefinitions(properties.definitions());
	}

	/**
	 * One clock for the whole application, so that a test can set the time everywhere at
	 * once.
	 */
	@Bean
	Clock clock() {
		return Clock.systemDefaultZone();
	}

}
