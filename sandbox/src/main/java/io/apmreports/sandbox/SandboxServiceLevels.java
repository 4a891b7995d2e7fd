package io.apmreports.sandbox;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.Base64;
import java.util.List;
import java.util.Optional;

/**
 * The demo's service levels (SLIs with one objective each) and their metric data, as the
 * vendor publishes them: {@code newrelic.sli.valid}, {@code newrelic.sli.good} and
 * {@code newrelic.sli.bad} in {@code Metric}, one data point a minute from the minute the
 * level was created ("New Relic starts generating new SLI metrics from the moment that
 * you create an SLI") and none older than the vendor's 13 months of retention. Creation
 * times lie a whole number of months before the current one (UTC), so the demo keeps its
 * shape whenever it runs: one level older than the vendor's retention, one created about
 * four months ago, one created during last month (its month partial); the payments level
 * misses its target every month (its budget overspent), the storefront level keeps most
 * of its budget. Figures depend on the minute alone: the same every run.
 * <p>
 * Both faces of the sandbox read these, and tests compare the tool's figures with the
 * sums here.
 */
public final class SandboxServiceLevels {

	/** Minutes of the vendor's retention of SLI metrics: 13 months. */
	private static final int RETENTION_MONTHS = 13;

	private static final List<Demo> DEMO = List.of(
			new Demo(SandboxOptions.DEMO_ACCOUNT_ID, 10_001, "Checkout Service - successful requests", 1001,
					"Checkout Service", 15, 3, 9, 99.5, 28, 0.001, 0.007, 400),
			new Demo(SandboxOptions.DEMO_ACCOUNT_ID, 10_002, "Payments Gateway - authorisations under 300 ms", 1009,
					"Payments Gateway", 4, 12, 14, 99.9, 7, 0.0025, 0.0045, 600),
			new Demo(SandboxOptions.DEMO_ACCOUNT_ID, 10_003, "Storefront - available pages", 1004, "Storefront", 1, 10,
					13, 99.0, 28, 0.0002, 0.0008, 300),
			new Demo(SandboxOptions.DEMO_ACCOUNT_ID, 10_004, "Inventory API - successful requests", 1002,
					"Inventory API", 8, 21, 7, 99.0, 30, 0.006, 0.0095, 250),
			new Demo(SandboxOptions.DEMO_STAGING_ACCOUNT_ID, 20_001, "Checkout Service (staging) - successful requests",
					2001, "Checkout Service", 2, 5, 11, 95.0, 1, 0.01, 0.04, 40));

	private SandboxServiceLevels() {
	}

	/**
	 * One service level of the demo.
	 *
	 * @param accountId its account
	 * @param guid its entity guid, base64 of {@code <account>|EXT|SERVICE_LEVEL|<id>}
	 * @param name its name
	 * @param applicationId the APM application it is about
	 * @param applicationName that application's name
	 * @param createdAt when it was created: no metric data before
	 * @param targetPct its objective's target, in percent
	 * @param windowDays its objective's rolling window in days
	 */
	public record Indicator(long accountId, String guid, String name, long applicationId, String applicationName,
			Instant createdAt, double targetPct, int windowDays) {
	}

	/**
	 * A demo level's definition: created {@code monthsAgo} months before the current
	 * month (UTC) on {@code day} at {@code hour}; each month's bad share drawn between
	 * {@code badFrom} and {@code badTo}; about {@code perMinute} valid events a minute.
	 */
	record Demo(long accountId, long id, String name, long applicationId, String applicationName, int monthsAgo,
			int day, int hour, double targetPct, int windowDays, double badFrom, double badTo, int perMinute) {

		String guid() {
			return SandboxServiceLevels.guid(accountId, id);
		}

		Instant createdAt(Instant now) {
			YearMonth month = YearMonth.from(now.atZone(ZoneOffset.UTC)).minusMonths(monthsAgo);
			return month.atDay(day).atTime(hour, 0).toInstant(ZoneOffset.UTC);
		}

		Indicator indicator(Instant now) {
			return new Indicator(accountId, guid(), name, applicationId, applicationName, createdAt(now), targetPct,
					windowDays);
		}

	}

	/**
	 * The demo's service levels of one account (the demo accounts 1234567 and 7654321
	 * have some).
	 */
	public static List<Indicator> indicators(long accountId) {
		return indicators(accountId, Clock.systemUTC().instant());
	}

	static List<Indicator> indicators(long accountId, Instant now) {
		return DEMO.stream().filter(d -> d.accountId() == accountId).map(d -> d.indicator(now)).toList();
	}

	/** The demo definitions of one account. */
	static List<Demo> demos(long accountId) {
		return DEMO.stream().filter(d -> d.accountId() == accountId).toList();
	}

	/**
	 * Good events of the level in [from, to), exactly as the sandbox's Metric data sums
	 * them.
	 */
	public static double good(String guid, Instant from, Instant to) {
		return sum(guid, from, to, Metric.GOOD);
	}

	/**
	 * Valid events of the level in [from, to), exactly as the sandbox's Metric data sums
	 * them.
	 */
	public static double valid(String guid, Instant from, Instant to) {
		return sum(guid, from, to, Metric.VALID);
	}

	/** Bad events of the level in [from, to): valid less good. */
	public static double bad(String guid, Instant from, Instant to) {
		return sum(guid, from, to, Metric.BAD);
	}

	private static double sum(String guid, Instant from, Instant to, Metric metric) {
		Demo demo = DEMO.stream()
			.filter(d -> d.guid().equals(guid))
			.findFirst()
			.orElseThrow(() -> new IllegalArgumentException("no demo service level has the guid " + guid));
		Points points = new Points(demo, Instant.now());
		long total = 0;
		for (long minute = points.first(from.toEpochMilli()); minute < points.end(to.toEpochMilli()); minute++) {
			total += points.value(minute, metric);
		}
		return total;
	}

	/** The guid of level {@code id} of the account. */
	static String guid(long accountId, long id) {
		return Base64.getEncoder()
			.encodeToString((accountId + "|EXT|SERVICE_LEVEL|" + id).getBytes(StandardCharsets.UTF_8));
	}

	/** The demo level of this guid, if any. */
	static Optional<Demo> demo(String guid) {
		return DEMO.stream().filter(d -> d.guid().equals(guid)).findFirst();
	}

	/** The three metrics of a level. */
	enum Metric {

		VALID("newrelic.sli.valid"), GOOD("newrelic.sli.good"), BAD("newrelic.sli.bad");

		final String metricName;

		Metric(String metricName) {
			this.metricName = metricName;
		}

		static Optional<Metric> named(String name) {
			for (Metric metric : values()) {
				if (metric.metricName.equals(name)) {
					return Optional.of(metric);
				}
			}
			return Optional.empty();
		}

	}

	/**
	 * A level's data points, one a minute (at the minute's start) from its creation to
	 * the minute before now, none older than the retention; each a count of events, so
	 * {@code sum()} and {@code count()} of it agree, as the vendor's own queries of them
	 * assume.
	 */
	record Points(Demo demo, long firstMinute, long endMinute) {

		Points(Demo demo, Instant now) {
			this(demo,
					Math.max(Math.floorDiv(demo.createdAt(now).toEpochMilli() + 59_999, 60_000),
							Math.floorDiv(ZonedDateTime.ofInstant(now, ZoneOffset.UTC)
								.minusMonths(RETENTION_MONTHS)
								.toInstant()
								.toEpochMilli() + 59_999, 60_000)),
					Math.floorDiv(now.toEpochMilli(), 60_000));
		}

		/** The first minute whose point lies at or after {@code fromMillis}. */
		long first(long fromMillis) {
			return Math.max(firstMinute, Math.floorDiv(fromMillis + 59_999, 60_000));
		}

		/** The minute after the last whose point lies before {@code toMillis}. */
		long end(long toMillis) {
			return Math.min(endMinute, Math.floorDiv(toMillis + 59_999, 60_000));
		}

		long value(long minute, Metric metric) {
			long valid = valid(minute);
			return switch (metric) {
				case VALID -> valid;
				case BAD -> bad(minute, valid);
				case GOOD -> valid - bad(minute, valid);
			};
		}

		private long valid(long minute) {
			return demo.perMinute() / 2 + (long) (Hashing.unit(demo.id(), minute, 1, 0) * demo.perMinute());
		}

		/**
		 * Valid events times the month's bad share, rounded at random so that no share is
		 * lost.
		 */
		private long bad(long minute, long valid) {
			double expected = valid * share(minute) * 2 * Hashing.unit(demo.id(), minute, 3, 0);
			return Math.min(valid, (long) (expected + Hashing.unit(demo.id(), minute, 4, 0)));
		}

		private double share(long minute) {
			YearMonth month = YearMonth.from(Instant.ofEpochSecond(minute * 60).atZone(ZoneOffset.UTC));
			double u = Hashing.unit(demo.id(), month.getYear() * 12L + month.getMonthValue(), 2, 0);
			return demo.badFrom() + (demo.badTo() - demo.badFrom()) * u;
		}

	}

}
