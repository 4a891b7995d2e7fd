package io.apmreports.run.repository;

import java.util.Locale;
import java.util.regex.Pattern;

import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.jdbc.autoconfigure.DataSourceProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Keeps an H2 job repository open until the context closes it, whatever URL the user
 * gives. H2 otherwise closes a database in a JVM shutdown hook of its own: on SIGTERM
 * that runs while the command line's hook waits for the run to stop at the end of its
 * chunk, so the run could not record its stop (it stayed STARTED) or lost its last chunk.
 * Closed by the connection pool with the context instead, which the command line's hook
 * waits for.
 */
@Configuration(proxyBeanMethods = false)
class H2KeptOpen {

	private static final String KEEP_OPEN = ";DB_CLOSE_ON_EXIT=FALSE";

	private static final Pattern CLOSE_ON_EXIT = Pattern.compile(";DB_CLOSE_ON_EXIT=[^;]*", Pattern.CASE_INSENSITIVE);

	// a post-processor, so that the URL is changed after it is bound and before the pool
	// is made from it
	@Bean
	static BeanPostProcessor h2KeptOpenUntilTheContextCloses() {
		return new BeanPostProcessor() {

			@Override
			public Object postProcessAfterInitialization(Object bean, String beanName) {
				if (bean instanceof DataSourceProperties properties) {
					properties.setUrl(keptOpen(properties.getUrl()));
				}
				return bean;
			}

		};
	}

	/**
	 * The URL of an H2 database with {@code DB_CLOSE_ON_EXIT=FALSE}, whatever it said;
	 * any other URL as it is.
	 */
	static String keptOpen(String url) {
		// a served repository is kept open by the scheduler that serves it
		if (url == null || !url.regionMatches(true, 0, "jdbc:h2:", 0, "jdbc:h2:".length())
				|| url.regionMatches(true, 0, "jdbc:h2:tcp:", 0, "jdbc:h2:tcp:".length())
				|| url.toUpperCase(Locale.ROOT).contains(KEEP_OPEN)) {
			return url;
		}
		return CLOSE_ON_EXIT.matcher(url).replaceAll("") + KEEP_OPEN;
	}

}
