package io.apmreports.sandbox;

import java.time.LocalDate;
import java.time.YearMonth;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The events one account answers queries over, made hour by hour from the
 * {@link SandboxBilling}: the usage events {@code NrConsumption} (one per hour, consuming
 * account and usage metric, and in the parent one of the hour's advanced compute units)
 * and {@code NrMTDConsumption} (the organisation's month to date, each hour, in the
 * parent only), and the events behind the metrics the vendor splits by application
 * ({@code Transaction}, {@code Span}, {@code PageView}, {@code Metric}, ...), one row per
 * hour, source and event type, carrying their billed bytes and
 * {@code bytecountestimate()}'s count of them. Only whole hours before the server's clock
 * exist; the vendor's retention cuts older events: APM events, traces and browser events
 * after 8 days, raw metrics after 30 (98 and 120 on Data Plus: the organisation's
 * {@link DataOption}), and the usage events here after 14 months.
 */
final class UsageEvents {

	/** The months usage events are kept before the clock's month. */
	static final int USAGE_MONTHS = 14;

	static final String CONSUMPTION = "NrConsumption";

	static final String MONTH_TO_DATE = "NrMTDConsumption";

	/**
	 * The product line of advanced compute, which the vendor sells for its intelligent
	 * observability; which line its usage events name is the sandbox's reading.
	 */
	private static final String COMPUTE_PRODUCT_LINE = "ProactiveDetection";

	/**
	 * One row of events: an hour's worth of one kind.
	 *
	 * @param hour the hour it stands for (epoch hours), its timestamp
	 * @param attributes the attributes queries read
	 * @param estimate what {@code bytecountestimate()} counts of it
	 */
	record Row(long hour, Map<String, Object> attributes, double estimate) {
	}

	private final SandboxBilling billing;

	private final long accountId;

	UsageEvents(SandboxBilling billing, long accountId) {
		this.billing = billing;
		this.accountId = accountId;
	}

	/** Whether the sandbox answers a query over this event type. */
	static boolean known(String eventType) {
		return eventType.equals(CONSUMPTION) || eventType.equals(MONTH_TO_DATE)
				|| IngestCatalogue.ofEventType(eventType).isPresent();
	}

	/**
	 * Hands {@code sink} the rows of an event type whose hour starts in [fromHour,
	 * toHour), as kept at {@code nowHour} (the hour the clock is in, which is not whole
	 * yet), one at a time: a year of them is never held at once.
	 */
	void each(String eventType, long fromHour, long toHour, long nowHour, Consumer<Row> sink) {
		long first = Math.max(fromHour, keptFrom(eventType, nowHour));
		long last = Math.min(toHour, nowHour);
		if (first >= last) {
			return;
		}
		switch (eventType) {
			case CONSUMPTION -> consumption(first, last, sink);
			case MONTH_TO_DATE -> {
				if (accountId == billing.parentId()) {
					monthToDate(first, last, sink);
				}
			}
			default -> events(eventType, first, last, sink);
		}
	}

	private long keptFrom(String eventType, long nowHour) {
		if (eventType.equals(CONSUMPTION) || eventType.equals(MONTH_TO_DATE)) {
			LocalDate now = LocalDate.ofEpochDay(Math.floorDiv(nowHour, 24));
			return now.withDayOfMonth(1).minusMonths(USAGE_MONTHS).toEpochDay() * 24;
		}
		return nowHour - 24L * billing.retentionDays(eventType);
	}

	/**
	 * Asked in the parent: a row per account, the parent's own holding its children's
	 * too; asked in a child: its own rows only (where children keep usage events the
	 * vendor leaves open).
	 */
	private void consumption(long first, long last, Consumer<Row> rows) {
		boolean parent = accountId == billing.parentId();
		for (long hour = first; hour < last; hour++) {
			if (parent) {
				for (String metric : billing.organisationUsageMetrics()) {
					rows.accept(consumed(hour, billing.account(accountId), metric,
							billing.organisationBytes(metric, hour)));
				}
				for (long child : billing.childIds()) {
					addOwn(rows, hour, billing.account(child));
				}
				rows.accept(computed(hour, billing.account(accountId), billing.hourlyComputeUnits(hour)));
			}
			else {
				addOwn(rows, hour, billing.account(accountId));
			}
		}
	}

	private static void addOwn(Consumer<Row> rows, long hour, AccountIngest account) {
		for (String metric : account.usageMetrics()) {
			rows.accept(consumed(hour, account, metric, account.bytes(metric, hour)));
		}
	}

	private static Row consumed(long hour, AccountIngest account, String metric, long bytes) {
		Map<String, Object> attributes = new LinkedHashMap<>();
		attributes.put("productLine", "DataPlatform");
		attributes.put("metric", "GigabytesIngested");
		attributes.put("usageMetric", metric);
		attributes.put("consumingAccountId", account.accountId());
		attributes.put("consumingAccountName", account.name());
		attributes.put("BytesIngested", bytes);
		attributes.put("GigabytesIngested", bytes / 1e9);
		attributes.put("consumption", bytes / 1e9);
		return new Row(hour, attributes, 0);
	}

	/**
	 * The hour's advanced compute units, which the organisation's queries and alerts use.
	 */
	private static Row computed(long hour, AccountIngest parent, double units) {
		Map<String, Object> attributes = new LinkedHashMap<>();
		attributes.put("productLine", COMPUTE_PRODUCT_LINE);
		attributes.put("metric", SandboxBilling.ADVANCED_CCU);
		attributes.put("consumingAccountId", parent.accountId());
		attributes.put("consumingAccountName", parent.name());
		attributes.put("consumption", units);
		return new Row(hour, attributes, 0);
	}

	/**
	 * Each hour the organisation's month so far: ingest, users and compute, summed from
	 * the first hour of the month even where the window starts later.
	 */
	private void monthToDate(long first, long last, Consumer<Row> rows) {
		long hour = LocalDate.ofEpochDay(Math.floorDiv(first, 24)).withDayOfMonth(1).toEpochDay() * 24;
		long bytes = 0;
		double units = 0;
		for (; hour < last; hour++) {
			LocalDate day = LocalDate.ofEpochDay(Math.floorDiv(hour, 24));
			if (day.getDayOfMonth() == 1 && Math.floorMod(hour, 24) == 0) {
				bytes = 0;
				units = 0;
			}
			bytes += billing.organisationBytes(hour);
			units += billing.hourlyComputeUnits(hour);
			if (hour >= first) {
				addMonthToDate(rows, hour, YearMonth.from(day), bytes, units);
			}
		}
	}

	private void addMonthToDate(Consumer<Row> rows, long hour, YearMonth month, long bytes, double units) {
		Map<String, Object> ingest = new LinkedHashMap<>();
		ingest.put("productLine", "DataPlatform");
		ingest.put("metric", "GigabytesIngested");
		ingest.put("BytesIngested", bytes);
		ingest.put("GigabytesIngested", bytes / 1e9);
		ingest.put("consumption", bytes / 1e9);
		ingest.put("GigabytesIngestedBillable", (double) SandboxBilling.billable(bytes));
		ingest.put("freeLimit", (double) SandboxBilling.FREE_GIGABYTES);
		ingest.put("freeConsumption", Math.min(bytes / 1e9, SandboxBilling.FREE_GIGABYTES));
		ingest.put("billableConsumption", Math.max(0, bytes / 1e9 - SandboxBilling.FREE_GIGABYTES));
		rows.accept(new Row(hour, ingest, 0));
		for (String users : BilledUsers.METRICS) {
			Map<String, Object> row = new LinkedHashMap<>();
			row.put("productLine", "FullStackObservability");
			row.put("metric", users);
			row.put("consumption", (double) BilledUsers.users(users, month));
			for (String type : BilledUsers.METRICS) {
				row.put(type + "Billable", (double) BilledUsers.billableUsers(type, month));
			}
			rows.accept(new Row(hour, row, 0));
		}
		Map<String, Object> compute = new LinkedHashMap<>();
		compute.put("productLine", COMPUTE_PRODUCT_LINE);
		compute.put("metric", SandboxBilling.ADVANCED_CCU);
		compute.put("consumption", units);
		rows.accept(new Row(hour, compute, 0));
	}

	/**
	 * The events of one type of the account: per hour, one row per source that sent any.
	 */
	private void events(String eventType, long first, long last, Consumer<Row> rows) {
		Map.Entry<String, IngestCatalogue.EventType> entry = IngestCatalogue.ofEventType(eventType).orElseThrow();
		String metric = entry.getKey();
		int index = IngestCatalogue.eventTypes(metric).indexOf(entry.getValue());
		AccountIngest account = billing.account(accountId);
		for (AccountIngest.Source source : account.sources(metric)) {
			for (long hour = first; hour < last; hour++) {
				long bytes = IngestCatalogue.split(metric, account.bytes(source, metric, hour))[index];
				if (bytes == 0) {
					continue;
				}
				Map<String, Object> attributes = new LinkedHashMap<>();
				if (source.app() != null) {
					attributes.put("appName", source.app().name());
					attributes.put("appId", source.app().id());
				}
				rows.accept(new Row(hour, attributes, bytes * entry.getValue().overCount()));
			}
		}
	}

}
