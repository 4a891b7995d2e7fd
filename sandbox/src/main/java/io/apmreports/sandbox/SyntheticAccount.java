package io.apmreports.sandbox;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A deterministic account of applications, hosts, metrics and key transactions. Metric
 * values are a pure function of application, host, metric and hour: within an hour every
 * minute carries the same values, so tests can compute any expected figure by hand from
 * {@link #sample}.
 */
public final class SyntheticAccount {

	/** The id of the application {@link #demoWithRetired} adds. */
	public static final long RETIRED_ID = 1014;

	private static final List<String> LANGUAGES = List.of("java", "ruby", "python", "nodejs", "go", "php", "dotnet");

	private final List<SyntheticApplication> applications;

	private final Map<Long, AppModel> models;

	private final List<SyntheticKeyTransaction> keyTransactions;

	private SyntheticAccount(List<AppModel> models, List<SyntheticKeyTransaction> keyTransactions) {
		List<SyntheticApplication> apps = new ArrayList<>(models.size());
		Map<Long, AppModel> byId = new HashMap<>(models.size() * 2);
		for (AppModel model : models) {
			apps.add(model.app);
			if (byId.put(model.app.id(), model) != null) {
				throw new IllegalArgumentException("duplicate application id " + model.app.id());
			}
		}
		this.applications = Collections.unmodifiableList(apps);
		this.models = byId;
		this.keyTransactions = List.copyOf(keyTransactions);
	}

	/**
	 * The applications, in creation order (the server lists them sorted by name, not by
	 * id).
	 */
	public List<SyntheticApplication> applications() {
		return applications;
	}

	/** The application with that id, if any. */
	public Optional<SyntheticApplication> application(long applicationId) {
		AppModel model = models.get(applicationId);
		return model == null ? Optional.empty() : Optional.of(model.app);
	}

	/** The key transactions of the account. */
	public List<SyntheticKeyTransaction> keyTransactions() {
		return keyTransactions;
	}

	/**
	 * The raw values of one metric on one host for the hour that starts at
	 * {@code hourStart} (truncated to the hour). Metrics the application does not report,
	 * and every metric of a non-reporting application, give zeros.
	 * @throws IllegalArgumentException when the application or host does not exist
	 */
	public HourlySample sample(long applicationId, long hostId, String metricName, Instant hourStart) {
		AppModel model = model(applicationId);
		if (model == null || !model.hasHost(hostId)) {
			throw new IllegalArgumentException("no host " + hostId + " in application " + applicationId);
		}
		long hour = hourStart.truncatedTo(ChronoUnit.HOURS).getEpochSecond() / 3600;
		Raw raw = model.raw(hostId, metricName, hour);
		boolean apdex = MetricFamily.of(metricName) == MetricFamily.APDEX && model.app.reports(metricName);
		return new HourlySample(raw.calls(), raw.micros() / 1000.0, raw.satisfied(), raw.tolerating(), raw.frustrated(),
				apdex ? model.app.apdexThreshold() : 0, raw.errors());
	}

	AppModel model(long applicationId) {
		return models.get(applicationId);
	}

	/**
	 * Sums a metric over the given hosts and the minutes [fromMinute, toMinute) (epoch
	 * minutes), hour by hour so that a month costs about 744 steps per host, not 44,640.
	 */
	static Aggregate aggregate(AppModel model, List<SyntheticHost> hosts, String metric, long fromMinute,
			long toMinute) {
		Aggregate total = new Aggregate();
		for (SyntheticHost host : hosts) {
			long minute = fromMinute;
			while (minute < toMinute) {
				long hour = Math.floorDiv(minute, 60);
				long end = Math.min(toMinute, (hour + 1) * 60);
				total.add(model.raw(host.id(), metric, hour), end - minute);
				minute = end;
			}
		}
		return total;
	}

	/**
	 * The demo account: 13 applications covering the metric shapes a client must cope
	 * with (absent queue time, zero queue time, ActiveRecord and Database on old Ruby
	 * agents, a cache, no WebTransactionTotalTime, non-web workers, a non-reporting
	 * application) and five key transactions. Metrics carry the service's names: the
	 * specification's neutral {@code Orm/all} and {@code Cache/allWeb} are
	 * {@code ActiveRecord/all} and {@code Memcache/allWeb} here, as on the real service.
	 */
	public static SyntheticAccount demo() {
		return new SyntheticAccount(demoApplications(), demoKeyTransactions());
	}

	/**
	 * The demo account with one more application, {@code Legacy Invoicing} (id 1014, team
	 * checkout, two hosts), retired at {@code retiredAt}: it reported until then and has
	 * not since, as an application switched off in the middle of a month has. A usage
	 * report over that month must still count its calls and its hosts.
	 */
	public static SyntheticAccount demoWithRetired(Instant retiredAt) {
		List<AppModel> apps = new ArrayList<>(demoApplications());
		apps.add(new AppModelBuilder(RETIRED_ID, "Legacy Invoicing", "java", "gray", 0.5).hosts(2, "invoicing")
			.retiredAt(retiredAt.truncatedTo(ChronoUnit.HOURS))
			.tag("team", "checkout")
			.tag("environment", "production")
			.web(50, 300)
			.wtt(1.05)
			.component("Datastore/Oracle/allWeb", 4, 0.3)
			.quality(0.9, 0.01)
			.build());
		return new SyntheticAccount(apps, demoKeyTransactions());
	}

	private static List<AppModel> demoApplications() {
		List<AppModel> apps = new ArrayList<>();
		apps.add(new AppModelBuilder(1001, "Checkout Service", "java", "green", 0.5).hosts(6, "checkout-web")
			.tag("team", "checkout")
			.tag("environment", "production")
			.web(220, 180)
			.wtt(1.06)
			.queue(4.5)
			.component("Datastore/Postgres/allWeb", 4, 0.24)
			.component("Datastore/Redis/allWeb", 6, 0.05)
			.component("External/allWeb", 1, 0.18)
			.quality(0.93, 0.004)
			.build());
		apps.add(new AppModelBuilder(1002, "Inventory API", "java", "orange", 0.4).hosts(4, "inventory-api")
			.tag("team", "platform")
			.tag("environment", "production")
			.web(140, 95)
			.wtt(1.04)
			.zeroQueue()
			.component("Datastore/MySQL/allWeb", 3, 0.31)
			.component("Datastore/MongoDB/allWeb", 2, 0.12)
			.component("External/allWeb", 1, 0.09)
			.quality(0.85, 0.012)
			.build());
		apps.add(new AppModelBuilder(1003, "Storefront Legacy", "ruby", "green", 0.5).hosts(3, "legacy-web")
			.tag("team", "storefront")
			.tag("environment", "production")
			.web(60, 320)
			.wtt(1.05)
			.queue(12)
			.component("ActiveRecord/all", 8, 0.28)
			.component("Database/allWeb", 9, 0.21)
			.component("External/allWeb", 1, 0.11)
			.quality(0.88, 0.008)
			.build());
		apps.add(new AppModelBuilder(1004, "Storefront", "ruby", "green", 0.5).hosts(4, "storefront-web")
			.tag("team", "storefront")
			.tag("environment", "production")
			.web(110, 210)
			.wtt(1.05)
			.queue(8)
			.component("Datastore/Postgres/allWeb", 5, 0.33)
			.component("External/allWeb", 1, 0.07)
			.quality(0.91, 0.006)
			.build());
		apps.add(new AppModelBuilder(1005, "Billing Worker", "python", "green", 2.0).hosts(2, "billing-worker")
			.tag("team", "checkout")
			.tag("environment", "production")
			.other(35, 1_450)
			.quality(0.97, 0.002)
			.build());
		apps.add(new AppModelBuilder(1006, "Search Gateway", "python", "red", 0.3).hosts(2, "search-gw")
			.tag("team", "platform")
			.tag("environment", "production")
			.web(90, 140)
			.wtt(1.03)
			.component("Datastore/Elasticsearch/allWeb", 2, 0.46)
			.component("External/allWeb", 1, 0.08)
			.quality(0.72, 0.035)
			.build());
		apps.add(new AppModelBuilder(1007, "Notifications", "nodejs", "unknown", 0.5).hosts(3, "notify")
			.tag("team", "platform")
			.tag("environment", "production", "staging")
			.web(75, 60)
			.queue(2.5)
			.component("Datastore/Redis/allWeb", 3, 0.15)
			.component("External/allWeb", 2, 0.41)
			.quality(0.95, 0.003)
			.build());
		apps.add(new AppModelBuilder(1008, "Customer Portal", "php", "orange", 0.5).hosts(2, "portal-web")
			.tag("team", "storefront")
			.tag("environment", "production")
			.web(45, 260)
			.wtt(1.02)
			.queue(6)
			.component("Database/allWeb", 7, 0.35)
			.component("Memcache/allWeb", 12, 0.06)
			.component("External/allWeb", 1, 0.05)
			.quality(0.83, 0.015)
			.build());
		apps.add(new AppModelBuilder(1009, "Payments Gateway", "dotnet", "green", 0.25).hosts(12, "pay-gw")
			.tag("team", "checkout")
			.tag("environment", "production")
			.web(160, 120)
			.wtt(1.07)
			.queue(3)
			.component("Datastore/MSSQL/allWeb", 3, 0.29)
			.component("External/allWeb", 2, 0.33)
			.quality(0.9, 0.005)
			.build());
		apps.add(new AppModelBuilder(1010, "Edge Router", "go", "green", 0.1).hosts(8, "edge")
			.tag("team", "platform")
			.tag("environment", "production")
			.web(400, 22)
			.wtt(1.01)
			.component("External/allWeb", 1, 0.62)
			.quality(0.98, 0.001)
			.build());
		apps.add(new AppModelBuilder(1011, "Reporting Batch (retired)", "java", "gray", 0.5).notReporting()
			.tag("team", "storefront")
			.tag("environment", "production")
			.web(30, 400)
			.wtt(1.05)
			.queue(5)
			.component("Datastore/Oracle/allWeb", 6, 0.4)
			.quality(0.9, 0.01)
			.build());
		apps.add(new AppModelBuilder(1012, "Realtime Feed", "nodejs", "green", 0.3).hosts(3, "feed")
			.tag("team", "platform")
			.tag("environment", "production")
			.web(130, 45)
			.wtt(1.04)
			.queue(1.5)
			.other(20, 300)
			.component("Datastore/MongoDB/allWeb", 4, 0.27)
			.quality(0.94, 0.004)
			.build());
		apps.add(new AppModelBuilder(1013, "Marketing Site", "php", "unknown", 0.7).hosts(1, "www")
			.tag("team", "storefront")
			.tag("environment", "production")
			.web(25, 380)
			.wtt(1.03)
			.queue(9)
			.component("Memcache/allWeb", 10, 0.08)
			.component("Datastore/MySQL/allWeb", 5, 0.22)
			.quality(0.87, 0.009)
			.build());
		return apps;
	}

	private static List<SyntheticKeyTransaction> demoKeyTransactions() {
		return List.of(
				new SyntheticKeyTransaction(501, "Checkout - place order",
						"WebTransaction/SpringController/CheckoutController/placeOrder", 1001, "green", true),
				new SyntheticKeyTransaction(502, "Checkout - view cart",
						"WebTransaction/SpringController/CartController/show", 1001, "green", true),
				new SyntheticKeyTransaction(503, "Storefront product page", "WebTransaction/Controller/products/show",
						1004, "orange", true),
				new SyntheticKeyTransaction(504, "Payments authorize",
						"WebTransaction/MVC/PaymentsController/Authorize", 1009, "green", true),
				new SyntheticKeyTransaction(505, "Nightly invoice run", "OtherTransaction/Python/billing.tasks:invoice",
						1005, "green", true),
				new SyntheticKeyTransaction(506, "Monthly report export",
						"WebTransaction/SpringController/ExportController/monthly", 1011, "gray", false));
	}

	/**
	 * The demo's second account, a staging copy of three of the demo's applications:
	 * {@code Checkout Service} is a name both accounts use, with other ids and other
	 * traffic, so a report over both must keep them apart.
	 */
	public static SyntheticAccount demoStaging() {
		List<AppModel> apps = new ArrayList<>();
		apps.add(new AppModelBuilder(2001, "Checkout Service", "java", "green", 0.5).tag("team", "checkout")
			.tag("environment", "staging")
			.hosts(2, "checkout-staging")
			.web(30, 210)
			.wtt(1.05)
			.queue(3)
			.component("Datastore/Postgres/allWeb", 4, 0.22)
			.component("External/allWeb", 1, 0.15)
			.quality(0.9, 0.006)
			.build());
		apps.add(new AppModelBuilder(2002, "Storefront Staging", "ruby", "orange", 0.5).tag("team", "storefront")
			.tag("environment", "staging")
			.hosts(1, "storefront-staging")
			.web(12, 260)
			.wtt(1.04)
			.queue(6)
			.component("Datastore/Postgres/allWeb", 5, 0.3)
			.quality(0.86, 0.011)
			.build());
		apps.add(new AppModelBuilder(2003, "Search Gateway Staging", "python", "green", 0.3).tag("team", "platform")
			.tag("environment", "staging")
			.hosts(1, "search-staging")
			.web(8, 150)
			.wtt(1.03)
			.component("Datastore/Elasticsearch/allWeb", 2, 0.4)
			.quality(0.8, 0.02)
			.build());
		return new SyntheticAccount(apps, List.of());
	}

	/**
	 * The demo's data account: no APM applications; what it ingests (logs,
	 * infrastructure, integration metrics, custom events) is in its usage events only.
	 */
	public static SyntheticAccount demoData() {
		return new SyntheticAccount(List.of(), List.of());
	}

	/**
	 * A large account for benchmarks: applications named {@code app-00001}…, languages
	 * rotating, each with the typical web metric set (HttpDispatcher,
	 * WebTransactionTotalTime, WebFrontend/QueueTime, Datastore/Postgres/allWeb,
	 * External/allWeb, Apdex, Errors/all and their roll-ups). Cheap to build: the metric
	 * table is shared and traffic is computed only when asked.
	 */
	public static SyntheticAccount generated(int applications, int hostsPerApplication) {
		if (applications < 0 || hostsPerApplication < 1 || hostsPerApplication > 499) {
			throw new IllegalArgumentException("need applications >= 0 and 1..499 hosts per application");
		}
		AppModelBuilder template = new AppModelBuilder(0, "", "java", "green", 0.5).web(1, 1)
			.wtt(1.05)
			.queue(3)
			.component("Datastore/Postgres/allWeb", 3, 0.25)
			.component("External/allWeb", 1, 0.15);
		Map<String, MetricSpec> specs = Map.copyOf(template.completedSpecs());
		Set<String> names = Set.copyOf(specs.keySet());
		String[] health = { "green", "green", "green", "green", "orange", "green", "red", "green", "unknown" };
		List<AppModel> apps = new ArrayList<>(applications);
		for (int i = 1; i <= applications; i++) {
			long id = 100_000L + i;
			String name = String.format("app-%05d", i);
			List<SyntheticHost> hosts = new ArrayList<>(hostsPerApplication);
			List<Long> instances = new ArrayList<>(hostsPerApplication);
			for (int h = 1; h <= hostsPerApplication; h++) {
				hosts.add(new SyntheticHost(id * 1000 + h, name + "-host-" + h));
				instances.add(id * 1000 + 500 + h);
			}
			SyntheticApplication app = new SyntheticApplication(id, name, LANGUAGES.get((i - 1) % LANGUAGES.size()),
					health[i % health.length], true, hosts, instances, names, 0.5);
			double u = Hashing.unit(id, 0, 7, 0);
			apps.add(new AppModel(app, specs, 20 + 180 * u, 0, 60_000 + Math.round(240_000 * Hashing.unit(id, 0, 8, 0)),
					0, 3_000, 1.05, 0.85 + 0.12 * u, 0.002 + 0.01 * Hashing.unit(id, 0, 9, 0)));
		}
		return new SyntheticAccount(apps, List.of());
	}

}
