package io.apmreports.run.repository;

import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Profile;
import org.springframework.core.env.Environment;
import org.springframework.util.StringUtils;

import io.apmreports.failure.UserFacingException;

/**
 * The {@code postgres} profile (application-postgres.yml) takes the job repository's
 * connection from the environment. When it is missing, this stops the start with one line
 * naming what to set: left alone, Boot would get as far as the connection pool and fail
 * there with "'url' must start with jdbc".
 */
@Configuration(proxyBeanMethods = false)
@Profile(PostgresSettings.PROFILE)
class PostgresSettings {

	static final String PROFILE = "postgres";

	// a post-processor, so that it runs before any bean (the data source among them) is
	// made
	@Bean
	static BeanFactoryPostProcessor postgresSettingsCheck(Environment environment) {
		return beanFactory -> {
			require(environment, "spring.datasource.url", "APM_REPORTS_DB_URL",
					"the JDBC URL of the job repository, e.g. jdbc:postgresql://db.example.com:5432/apm_reports");
			require(environment, "spring.datasource.username", "APM_REPORTS_DB_USERNAME", "the database user");
		};
	}

	private static void require(Environment environment, String property, String variable, String what) {
		String value;
		try {
			value = environment.getProperty(property);
		}
		catch (IllegalArgumentException unresolved) {
			value = null;
		}
		if (!StringUtils.hasText(value)) {
			throw new UserFacingException(
					"the " + PROFILE + " profile needs the environment variable " + variable + " (" + what + ")");
		}
	}

}
