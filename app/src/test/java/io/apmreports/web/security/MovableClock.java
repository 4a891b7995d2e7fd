package io.apmreports.web.security;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;

import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A clock a test moves by hand, in place of the application's: a console started with
 * {@link #installed()} reads the time from {@link #NOW}.
 */
final class MovableClock extends Clock {

	/** The one a console started with {@link Installed} reads. */
	static final MovableClock NOW = new MovableClock();

	private final AtomicReference<Instant> instant = new AtomicReference<>(Instant.parse("2026-11-20T09:00:00Z"));

	void move(Duration by) {
		instant.updateAndGet(now -> now.plus(by));
	}

	@Override
	public Instant instant() {
		return instant.get();
	}

	@Override
	public ZoneId getZone() {
		return ZoneOffset.UTC;
	}

	@Override
	public Clock withZone(ZoneId zone) {
		return this;
	}

	/** Puts {@link #NOW} in place of the application's clock bean. */
	static ApplicationContextInitializer<ConfigurableApplicationContext> installed() {
		// after the configuration classes defined the bean, before anything uses it
		return context -> context.addBeanFactoryPostProcessor(beans -> {
			BeanDefinitionRegistry registry = (BeanDefinitionRegistry) beans;
			registry.removeBeanDefinition("clock");
			registry.registerBeanDefinition("clock", new RootBeanDefinition(Clock.class, () -> NOW));
		});
	}

}
