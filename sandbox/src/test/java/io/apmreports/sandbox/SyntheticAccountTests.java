package io.apmreports.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

class SyntheticAccountTests {

	private static final Instant WEDNESDAY_15H = Instant.parse("2024-03-06T15:00:00Z");

	private static final Instant WEDNESDAY_03H = Instant.parse("2024-03-06T03:00:00Z");

	private final SyntheticAccount demo = SyntheticAccount.demo();

	@Test
	void twoDemoAccountsHoldTheSameNumbers() {
		// given two independently built accounts
		SyntheticAccount other = SyntheticAccount.demo();

		// when every metric of every host is sampled over a day in both then every sample
		// is identical
		for (SyntheticApplication app : demo.applications()) {
			for (SyntheticHost host : app.hosts()) {
				for (String metric : app.metricNames()) {
					for (int hour = 0; hour < 24; hour += 5) {
						Instant start = WEDNESDAY_03H.plus(hour, ChronoUnit.HOURS);
						assertThat(other.sample(app.id(), host.id(), metric, start))
							.as("%s %s %s", app.name(), host.hostName(), metric)
							.isEqualTo(demo.sample(app.id(), host.id(), metric, start));
					}
				}
			}
		}
	}

	@Test
	void valuesAreConstantWithinAnHourAndChangeBetweenHours() {
		// given the first host of the Checkout Service
		SyntheticApplication checkout = app("Checkout Service");
		long host = checkout.hosts().get(0).id();

		// when sampled at two instants of the same hour and over several hours
		HourlySample atStart = demo.sample(checkout.id(), host, "HttpDispatcher", WEDNESDAY_15H);
		HourlySample inside = demo.sample(checkout.id(), host, "HttpDispatcher", WEDNESDAY_15H.plusSeconds(1799));
		Set<HourlySample> hours = IntStream.range(0, 12)
			.mapToObj(h -> demo.sample(checkout.id(), host, "HttpDispatcher", WEDNESDAY_15H.plus(h, ChronoUnit.HOURS)))
			.collect(Collectors.toSet());

		// then the hour decides, not the minute, and the hours differ
		assertThat(inside).isEqualTo(atStart);
		assertThat(hours).hasSizeGreaterThan(6);
	}

	@Test
	void trafficFollowsADayNightPattern() {
		// given a busy web application
		SyntheticApplication checkout = app("Checkout Service");

		// when its hosts' calls at 15:00 and 03:00 UTC on a weekday are compared
		long day = checkout.hosts()
			.stream()
			.mapToLong(h -> demo.sample(checkout.id(), h.id(), "HttpDispatcher", WEDNESDAY_15H).callsPerMinute())
			.sum();
		long night = checkout.hosts()
			.stream()
			.mapToLong(h -> demo.sample(checkout.id(), h.id(), "HttpDispatcher", WEDNESDAY_03H).callsPerMinute())
			.sum();

		// then the day is much busier
		assertThat(day).isGreaterThan(2 * night);
		assertThat(night).isPositive();
	}

	@Test
	void theDemoAccountCoversLanguagesAndHealthStatuses() {
		// given the demo account
		List<SyntheticApplication> apps = demo.applications();

		// when its languages, statuses and ids are collected
		Set<String> languages = apps.stream().map(SyntheticApplication::language).collect(Collectors.toSet());
		Set<String> statuses = apps.stream().map(SyntheticApplication::healthStatus).collect(Collectors.toSet());

		// then every language and status appears and ids are unique
		assertThat(apps).hasSizeGreaterThanOrEqualTo(13);
		assertThat(languages).contains("java", "ruby", "python", "nodejs", "go", "php", "dotnet");
		assertThat(statuses).contains("green", "orange", "red", "gray", "unknown");
		assertThat(apps.stream().map(SyntheticApplication::id).distinct()).hasSize(apps.size());
	}

	@Test
	void theDemoApplicationsHaveTheMetricShapesClientsMustHandle() {
		// given the demo applications that each model one situation when their metric
		// sets and hosts are inspected then each has the shape it stands for
		assertThat(app("Checkout Service").hosts()).hasSize(6);
		assertThat(app("Checkout Service").metricNames()).contains("HttpDispatcher", "WebTransactionTotalTime",
				"WebFrontend/QueueTime", "Datastore/Postgres/allWeb", "Datastore/Redis/allWeb", "External/allWeb",
				"Datastore/all", "Datastore/allWeb", "Datastore/Postgres/all", "Datastore/Redis/all");
		assertThat(app("Inventory API").hosts()).hasSize(4);
		assertThat(app("Inventory API").metricNames()).contains("Datastore/MySQL/allWeb", "Datastore/MongoDB/allWeb",
				"WebFrontend/QueueTime");
		assertThat(app("Storefront Legacy").metricNames()).contains("ActiveRecord/all", "Database/allWeb")
			.noneMatch(n -> n.startsWith("Datastore/"));
		assertThat(app("Storefront").metricNames()).contains("Datastore/Postgres/allWeb")
			.doesNotContain("ActiveRecord/all");
		assertThat(app("Billing Worker").metricNames()).containsExactlyInAnyOrder("OtherTransaction/all", "Errors/all",
				"Apdex");
		assertThat(app("Search Gateway").metricNames()).contains("Datastore/Elasticsearch/allWeb")
			.doesNotContain("WebFrontend/QueueTime");
		assertThat(app("Notifications").metricNames()).contains("Datastore/Redis/allWeb", "HttpDispatcher")
			.doesNotContain("WebTransactionTotalTime");
		assertThat(app("Customer Portal").metricNames()).contains("Database/allWeb", "Memcache/allWeb")
			.noneMatch(n -> n.startsWith("Datastore/"));
		assertThat(app("Payments Gateway").hosts()).hasSize(12);
		assertThat(app("Edge Router").hosts()).hasSize(8);
		assertThat(app("Edge Router").metricNames()).contains("External/allWeb")
			.noneMatch(n -> n.startsWith("Datastore/") || n.startsWith("Database/"));
		assertThat(app("Realtime Feed").metricNames()).contains("HttpDispatcher", "OtherTransaction/all",
				"Datastore/MongoDB/allWeb");
		SyntheticApplication retired = app("Reporting Batch (retired)");
		assertThat(retired.reporting()).isFalse();
		assertThat(retired.healthStatus()).isEqualTo("gray");
		assertThat(demo.applications()).filteredOn(SyntheticApplication::reporting)
			.isNotEmpty()
			.allSatisfy(a -> assertThat(a.metricNames()).contains("Apdex", "Errors/all"));
		assertThat(demo.keyTransactions()).hasSizeBetween(4, 6)
			.allSatisfy(kt -> assertThat(demo.application(kt.applicationId())).isPresent());
	}

	@Test
	void cacheAndRubyDatabaseTimeAreReportedUnderTheServicesNamesOnly() {
		// given every application of the demo accounts
		List<SyntheticApplication> apps = new ArrayList<>(demo.applications());
		apps.addAll(SyntheticAccount.demoStaging().applications());

		// when their metric names are inspected then the cache and the Ruby ORM are
		// named as the service names them (Memcache, ActiveRecord), never with the
		// specification's neutral words, which the service does not report
		assertThat(apps.stream().flatMap(app -> app.metricNames().stream()).toList())
			.contains("Memcache/allWeb", "ActiveRecord/all")
			.noneMatch(name -> name.startsWith("Cache/") || name.startsWith("Orm/"));
	}

	@Test
	void zeroQueueTimeIsReportedButAlwaysZero() {
		// given the Inventory API, whose queue time metric exists but never measures
		// anything
		SyntheticApplication inventory = app("Inventory API");

		// when sampled over a day on every host then calls and time are zero while
		// HttpDispatcher has traffic
		for (SyntheticHost host : inventory.hosts()) {
			for (int h = 0; h < 24; h++) {
				Instant hour = WEDNESDAY_03H.plus(h, ChronoUnit.HOURS);
				HourlySample queue = demo.sample(inventory.id(), host.id(), "WebFrontend/QueueTime", hour);
				assertThat(queue.callsPerMinute()).isZero();
				assertThat(queue.averageTimeMs()).isZero();
				assertThat(demo.sample(inventory.id(), host.id(), "HttpDispatcher", hour).callsPerMinute())
					.isPositive();
			}
		}
	}

	@Test
	void componentsArePlausibleSharesOfTheDispatcherTime() {
		// given every web application with components, sampled on every host at a busy
		// hour
		for (SyntheticApplication app : demo.applications()) {
			if (!app.reporting() || !app.reports("HttpDispatcher")) {
				continue;
			}
			for (SyntheticHost host : app.hosts()) {
				HourlySample dispatcher = demo.sample(app.id(), host.id(), "HttpDispatcher", WEDNESDAY_15H);
				double dispatcherTime = dispatcher.callsPerMinute() * dispatcher.averageTimeMs();
				double components = 0;
				// when the time of each component is related to HttpDispatcher's
				for (String metric : app.metricNames()) {
					if (metric.equals("ActiveRecord/all") || metric.equals("Database/allWeb")
							|| metric.equals("External/allWeb") || metric.equals("Memcache/allWeb")
							|| metric.matches("Datastore/[^/]+/allWeb")) {
						HourlySample c = demo.sample(app.id(), host.id(), metric, WEDNESDAY_15H);
						assertThat(c.callsPerMinute() % dispatcher.callsPerMinute()).as(metric).isZero();
						components += c.callsPerMinute() * c.averageTimeMs();
					}
				}
				// then the components fit inside the web transaction total time
				assertThat(components).as(app.name()).isLessThan(dispatcherTime);
				if (app.reports("WebTransactionTotalTime")) {
					HourlySample total = demo.sample(app.id(), host.id(), "WebTransactionTotalTime", WEDNESDAY_15H);
					assertThat(total.callsPerMinute()).isEqualTo(dispatcher.callsPerMinute());
					assertThat(total.averageTimeMs()).isGreaterThan(dispatcher.averageTimeMs());
				}
				if (app.reports("WebFrontend/QueueTime") && !app.name().equals("Inventory API")) {
					HourlySample queue = demo.sample(app.id(), host.id(), "WebFrontend/QueueTime", WEDNESDAY_15H);
					assertThat(queue.callsPerMinute()).isEqualTo(dispatcher.callsPerMinute());
					assertThat(queue.averageTimeMs()).isPositive();
				}
			}
		}
	}

	@Test
	void apdexAndErrorsAreConsistentWithTraffic() {
		// given the Checkout Service's first host at a busy hour
		SyntheticApplication checkout = app("Checkout Service");
		long host = checkout.hosts().get(0).id();

		// when Apdex, Errors/all and HttpDispatcher are sampled
		HourlySample apdex = demo.sample(checkout.id(), host, "Apdex", WEDNESDAY_15H);
		HourlySample errors = demo.sample(checkout.id(), host, "Errors/all", WEDNESDAY_15H);
		HourlySample dispatcher = demo.sample(checkout.id(), host, "HttpDispatcher", WEDNESDAY_15H);

		// then the Apdex buckets add up to the requests and errors stay below them
		assertThat(apdex.satisfied() + apdex.tolerating() + apdex.frustrated()).isEqualTo(dispatcher.callsPerMinute());
		assertThat(apdex.callsPerMinute()).isEqualTo(dispatcher.callsPerMinute());
		assertThat(apdex.apdexThreshold()).isEqualTo(checkout.apdexThreshold());
		assertThat((double) apdex.satisfied() / apdex.callsPerMinute()).isCloseTo(0.9, within(0.1));
		assertThat(errors.errorsPerMinute()).isBetween(0L, dispatcher.callsPerMinute());
	}

	@Test
	void aNonReportingApplicationHasNoHostsAndNoTraffic() {
		// given the retired application
		SyntheticApplication retired = app("Reporting Batch (retired)");

		// when its hosts are listed then none reported in the last hour, and asking for a
		// host is refused
		assertThat(retired.hosts()).isEmpty();
		assertThat(retired.instanceIds()).isEmpty();
		assertThat(retired.metricNames()).contains("HttpDispatcher");
		assertThatThrownBy(() -> demo.sample(retired.id(), 1, "HttpDispatcher", WEDNESDAY_15H))
			.isInstanceOf(IllegalArgumentException.class);
	}

	@Test
	void aGeneratedAccountIsLargeAndRegular() {
		// given a benchmark-size account
		SyntheticAccount generated = SyntheticAccount.generated(50_000, 2);

		// when its applications are inspected
		List<SyntheticApplication> apps = generated.applications();

		// then names are numbered, languages rotate and every app has the typical web
		// metrics
		assertThat(apps).hasSize(50_000);
		assertThat(apps.get(0).name()).isEqualTo("app-00001");
		assertThat(apps.get(49_999).name()).isEqualTo("app-50000");
		assertThat(apps.subList(0, 7).stream().map(SyntheticApplication::language).distinct()).hasSize(7);
		assertThat(apps.get(123).hosts()).hasSize(2);
		assertThat(apps.get(123).metricNames()).contains("HttpDispatcher", "WebTransactionTotalTime",
				"WebFrontend/QueueTime", "Datastore/Postgres/allWeb", "External/allWeb", "Apdex", "Errors/all");
		SyntheticApplication some = apps.get(4711);
		assertThat(
				generated.sample(some.id(), some.hosts().get(1).id(), "HttpDispatcher", WEDNESDAY_15H).callsPerMinute())
			.isPositive();
	}

	private SyntheticApplication app(String name) {
		return demo.applications().stream().filter(a -> a.name().equals(name)).findFirst().orElseThrow();
	}

}
