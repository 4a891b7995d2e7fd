package io.apmreports;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/**
 * Spring Boot entry point of apm-reports. The command line is parsed by
 * {@link io.apmreports.cli.Main} before a context is started.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
public class ApmReportsApplication {
}
