package io.apmreports;

import java.time.Clock;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.context.annotation.Bean;

/**
 * Spring Boot entry point of apm-reports; it depends on none of the rooms below it. The
 * command line is parsed by {@code cli.Main} before a context is started.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
public class ApmReportsApplication {

	/**
	 * Binds every settings record of the application first, as this bean is created
	 * before any other of the application: a bad setting stops the start before the job
	 * repository is opened. Each record is found by its annotation, so that the rooms'
	 * settings stay where they are used.
	 */
	ApmReportsApplication(ListableBeanFactory beans) {
		String root = ApmReportsApplication.class.getPackageName() + ".";
		for (String name : beans.getBeanNamesForAnnotation(ConfigurationProperties.class)) {
			Class<?> type = beans.getType(name);
			if (type != null && type.getName().startsWith(root)) {
				beans.getBean(name);
			}
		}
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
