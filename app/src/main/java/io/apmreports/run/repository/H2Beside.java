package io.apmreports.run.repository;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.jdbc.autoconfigure.DataSourceProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.core.env.Profiles;

/**
 * Commands and a scheduler beside each other on the default H2 job repository, which one
 * process at a time may open: the process that opens it serves it on a loopback port, and
 * every other connects there (see {@link SharedH2File}). The same rows, locks and
 * transactions as one process, so each report and range still runs once and restarts from
 * its last chunk.
 */
@Configuration(proxyBeanMethods = false)
class H2Beside {

	static final String SCHEDULER = "scheduler";

	@Bean
	static BeanPostProcessor h2BesideOtherCommands(Environment environment) {
		return new Sharing(environment.acceptsProfiles(Profiles.of(SCHEDULER)));
	}

	/**
	 * Points the data source at the file, opened and served by this process, or at the
	 * process that serves it; at close, after the connection pool (a bean made before
	 * every other is destroyed after them), ceases to serve it.
	 */
	static final class Sharing implements BeanPostProcessor, DisposableBean {

		private final boolean scheduler;

		private SharedH2File shared;

		Sharing(boolean scheduler) {
			this.scheduler = scheduler;
		}

		@Override
		public Object postProcessAfterInitialization(Object bean, String beanName) {
			if (bean instanceof DataSourceProperties properties && shared == null) {
				H2File.of(properties.getUrl()).ifPresent(file -> {
					shared = SharedH2File.open(file, properties.getUrl(), properties.getUsername(),
							properties.getPassword(), scheduler);
					properties.setUrl(shared.url());
				});
			}
			return bean;
		}

		@Override
		public void destroy() {
			if (shared != null) {
				shared.close();
			}
		}

	}

}
