package io.apmreports.schedule;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.stereotype.Component;

/**
 * Whether the scheduler is alive, as a liveness probe and a dashboard see it: when its
 * loop last went round, the fire it is running, and the next fire time of each schedule
 * (the gauge {@code apm_reports_schedule_next_fire_seconds}, seconds since the epoch).
 */
@Component("schedulerHealthIndicator")
class SchedulerState implements HealthIndicator {

	/**
	 * The loop goes round at least once a minute unless it runs a fire, which may take
	 * long: a loop quiet for longer than this without one is stuck.
	 */
	static final Duration STUCK = Duration.ofMinutes(5);

	private final Clock clock;

	private final MeterRegistry registry;

	private final Map<String, Instant> nextFires = new ConcurrentHashMap<>();

	private volatile Instant lastTick;

	private volatile String firing;

	SchedulerState(Clock clock, MeterRegistry registry) {
		this.clock = clock;
		this.registry = registry;
	}

	/** The loop went round; {@code next} is the next fire time of a schedule. */
	void ticked() {
		lastTick = clock.instant();
	}

	void next(String schedule, ZonedDateTime fireTime) {
		if (nextFires.put(schedule, fireTime.toInstant()) == null) {
			Gauge.builder("apm.reports.schedule.next.fire", nextFires, fires -> seconds(fires.get(schedule)))
				.description("The next fire time of each enabled schedule, in seconds since the epoch")
				.baseUnit("seconds")
				.tag("schedule", schedule)
				.register(registry);
		}
	}

	void firing(String schedule) {
		firing = schedule;
		ticked();
	}

	void fired() {
		firing = null;
		ticked();
	}

	@Override
	public Health health() {
		Instant tick = lastTick;
		if (tick == null) {
			return Health.unknown().withDetail("state", "not running").build();
		}
		Health.Builder health = Optional.ofNullable(firing)
			.map(schedule -> Health.up().withDetail("running", schedule))
			.orElseGet(
					() -> Duration.between(tick, clock.instant()).compareTo(STUCK) > 0 ? Health.down() : Health.up());
		return health.withDetail("lastTick", tick.toString()).withDetail("nextFires", Map.copyOf(nextFires)).build();
	}

	private static double seconds(Instant instant) {
		return instant == null ? Double.NaN : instant.getEpochSecond();
	}

}
