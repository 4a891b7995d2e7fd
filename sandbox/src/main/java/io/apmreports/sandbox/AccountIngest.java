package io.apmreports.sandbox;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What one account of the organisation ingests, hour by hour: for each usage metric its
 * sources (an application, or none for logs, infrastructure, integration metrics and
 * custom events) and their bytes, a pure function of account, source, metric and hour so
 * that any figure can be computed again by hand. Busier applications (more hosts) send
 * more; the day has a peak in the afternoon (UTC) and each month its own level, so months
 * differ as a real bill does.
 */
final class AccountIngest {

	/** The hosts of an account without APM applications: its infrastructure. */
	private static final int DATA_ACCOUNT_HOSTS = 6;

	/** Languages whose demo applications serve pages, and so send browser events. */
	private static final Set<String> BROWSER_LANGUAGES = Set.of("ruby", "php");

	/**
	 * One source of a usage metric's bytes.
	 *
	 * @param app the application, or {@code null} for events without one
	 * @param gigabytesPerDay its level before the hour's, the day's and the month's
	 * variation
	 */
	record Source(SyntheticApplication app, double gigabytesPerDay) {

		String application() {
			return app == null ? null : app.name();
		}

		long key() {
			return app == null ? 0 : app.id();
		}

	}

	private final long accountId;

	private final String name;

	private final Map<String, List<Source>> sources = new LinkedHashMap<>();

	/**
	 * @param customEvents whether the account sends custom events (the parent and data
	 * accounts do)
	 */
	AccountIngest(long accountId, String name, SyntheticAccount data, boolean customEvents) {
		this.accountId = accountId;
		this.name = name;
		List<SyntheticApplication> apps = data.applications()
			.stream()
			.filter(app -> app.reporting() || app.retiredAt() != null)
			.toList();
		int hosts = apps.isEmpty() ? DATA_ACCOUNT_HOSTS : apps.stream().mapToInt(app -> app.hosts().size()).sum();
		perHost(IngestCatalogue.APM, apps, 0.12);
		perHost(IngestCatalogue.TRACING, apps, 0.20);
		List<Source> browser = new ArrayList<>();
		for (SyntheticApplication app : apps) {
			if (BROWSER_LANGUAGES.contains(app.language().toLowerCase(Locale.ROOT))) {
				browser.add(new Source(app, 0.30 * weight(app, IngestCatalogue.BROWSER)));
			}
		}
		add(IngestCatalogue.BROWSER, browser);
		perHost(IngestCatalogue.METRIC, apps, 0.03);
		// integrations' metrics carry no application: the estimate's part no app explains
		sources.computeIfAbsent(IngestCatalogue.METRIC, m -> new ArrayList<>())
			.add(new Source(null, 0.25 * Math.max(1, hosts / 10.0)));
		add(IngestCatalogue.LOGGING, List.of(new Source(null, 0.25 * hosts)));
		add(IngestCatalogue.INFRA_HOST, List.of(new Source(null, 0.05 * hosts)));
		add(IngestCatalogue.INFRA_PROCESS, List.of(new Source(null, 0.02 * hosts)));
		if (customEvents || apps.isEmpty()) {
			add(IngestCatalogue.CUSTOM, List.of(new Source(null, 0.4)));
		}
	}

	private void perHost(String metric, List<SyntheticApplication> apps, double gigabytesPerHost) {
		List<Source> list = new ArrayList<>();
		for (SyntheticApplication app : apps) {
			list.add(new Source(app, gigabytesPerHost * app.hosts().size() * weight(app, metric)));
		}
		add(metric, list);
	}

	private void add(String metric, List<Source> list) {
		if (!list.isEmpty()) {
			sources.put(metric, new ArrayList<>(list));
		}
	}

	/** How much more or less than its hosts say an application sends: 0.6 to 1.4. */
	private double weight(SyntheticApplication app, String metric) {
		return 0.6 + 0.8 * Hashing.unit(accountId, app.id(), IngestCatalogue.USAGE_METRICS.indexOf(metric), 0x77);
	}

	long accountId() {
		return accountId;
	}

	String name() {
		return name;
	}

	/** The usage metrics the account ingests itself, in the catalogue's order. */
	List<String> usageMetrics() {
		return List.copyOf(sources.keySet());
	}

	List<Source> sources(String metric) {
		return sources.getOrDefault(metric, List.of());
	}

	/** The account's own bytes of a metric in the hour {@code hour} (epoch hours). */
	long bytes(String metric, long hour) {
		long total = 0;
		for (Source source : sources(metric)) {
			total += bytes(source, metric, hour);
		}
		return total;
	}

	/** A source's bytes in an hour; none while its application did not report. */
	long bytes(Source source, String metric, long hour) {
		if (source.app() != null && !source.app().reportedIn(hour)) {
			return 0;
		}
		int m = IngestCatalogue.USAGE_METRICS.indexOf(metric);
		double diurnal = 1 + 0.35 * Math.sin(2 * Math.PI * (Math.floorMod(hour, 24) - 8) / 24.0);
		LocalDate day = LocalDate.ofEpochDay(Math.floorDiv(hour, 24));
		long month = day.getYear() * 12L + day.getMonthValue();
		double monthly = 0.85 + 0.3 * Hashing.unit(accountId, m, month, 0x6d);
		double jitter = 0.85 + 0.3 * Hashing.unit(accountId, source.key() * 16 + m, hour, 0x68);
		return Math.round(source.gigabytesPerDay() * 1e9 / 24 * diurnal * monthly * jitter);
	}

}
