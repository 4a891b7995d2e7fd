package io.apmreports.sandbox;

import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The organisation's bill as the sandbox's usage events tell it, for tests to compute
 * expected figures from without re-making them: the first account behind the server is a
 * normal parent account and every other account the key reads is its child. Each account
 * ingests its own data hour by hour ({@link #ownGigabytes}); asked in the parent,
 * {@code NrConsumption} gives the parent's row as its own ingest plus its children's, as
 * the vendor says a normal parent's row is ({@link #reportedGigabytes}). Per application,
 * the events of each usage metric the vendor splits by application carry exactly the
 * metric's billed bytes, and {@code bytecountestimate()} counts them a little higher
 * ({@link #overCount}). Asked in a child, {@code NrConsumption} gives the child's own
 * rows only, and {@code NrMTDConsumption} (the organisation's month) nothing: where
 * children keep usage events the vendor leaves open. Every figure is a pure function of
 * account, source, metric and hour; windows take the hours that start in them. The server
 * answers only whole hours before its clock, and cuts what the vendor no longer keeps
 * ({@link #retentionDays}); these methods do neither, so ask them of past windows.
 */
public final class SandboxBilling {

	/** The free gigabytes of a month. */
	public static final int FREE_GIGABYTES = 100;

	/**
	 * The user types the month-to-date usage counts, as its {@code metric} names them.
	 */
	public static final List<String> USER_METRICS = List.of("FullPlatformUsers", "CoreUsers", "BasicUsers");

	/** The compute metric the organisation has: it pays users, plus advanced compute. */
	static final String ADVANCED_CCU = "AdvancedCCU";

	private static final long HOUR_MILLIS = 3_600_000;

	private final Map<Long, AccountIngest> accounts = new LinkedHashMap<>();

	private final List<String> organisationMetrics;

	private final DataOption dataOption;

	private SandboxBilling(List<SandboxAccount> organisation, DataOption dataOption) {
		this.dataOption = dataOption;
		boolean parent = true;
		for (SandboxAccount account : organisation) {
			accounts.put(account.id(), new AccountIngest(account.id(), account.name(), account.data(), parent));
			parent = false;
		}
		Set<String> all = new LinkedHashSet<>();
		for (String metric : IngestCatalogue.USAGE_METRICS) {
			for (AccountIngest account : accounts.values()) {
				if (account.usageMetrics().contains(metric)) {
					all.add(metric);
				}
			}
		}
		organisationMetrics = List.copyOf(all);
	}

	/**
	 * The organisation of a server's accounts: its own account the parent, every other
	 * one its key reads a child.
	 */
	public static SandboxBilling of(SandboxOptions options) {
		return new SandboxBilling(options.accounts().stream().filter(SandboxAccount::userKeyReads).toList(),
				options.dataOption());
	}

	/** The parent account's id. */
	public long parentId() {
		return accounts.keySet().iterator().next();
	}

	/** The children's ids, in the order the server has them. */
	public List<Long> childIds() {
		return accounts.keySet().stream().skip(1).toList();
	}

	/** Every account of the organisation, the parent first. */
	public List<Long> accountIds() {
		return List.copyOf(accounts.keySet());
	}

	/** The account's name, as {@code consumingAccountName} gives it. */
	public String accountName(long accountId) {
		return account(accountId).name();
	}

	/** The usage metrics the account ingests itself. */
	public List<String> usageMetrics(long accountId) {
		return account(accountId).usageMetrics();
	}

	/** The usage metrics of the parent's rows: every account's. */
	public List<String> organisationUsageMetrics() {
		return organisationMetrics;
	}

	/**
	 * The gigabytes the account itself ingested of a metric over the hours in a window.
	 */
	public double ownGigabytes(long accountId, String usageMetric, Instant from, Instant to) {
		AccountIngest account = account(accountId);
		long bytes = 0;
		for (long hour = firstHour(from); hour < firstHour(to); hour++) {
			bytes += account.bytes(usageMetric, hour);
		}
		return bytes / 1e9;
	}

	/** The gigabytes the account itself ingested of a metric on a day (UTC). */
	public double ownGigabytes(long accountId, String usageMetric, LocalDate day) {
		return ownGigabytes(accountId, usageMetric, start(day), start(day.plusDays(1)));
	}

	/**
	 * The gigabytes {@code NrConsumption} asked in {@code askedIn} gives the row of
	 * {@code consumingAccountId}: the parent's row holds its own and its children's.
	 */
	public double reportedGigabytes(long askedIn, long consumingAccountId, String usageMetric, Instant from,
			Instant to) {
		if (consumingAccountId != parentId() || askedIn != parentId()) {
			return ownGigabytes(consumingAccountId, usageMetric, from, to);
		}
		long bytes = 0;
		for (long hour = firstHour(from); hour < firstHour(to); hour++) {
			bytes += organisationBytes(usageMetric, hour);
		}
		return bytes / 1e9;
	}

	/**
	 * The applications whose events carry a usage metric in the account, by name; empty
	 * for a metric the vendor does not split by application.
	 */
	public List<String> applications(long accountId, String usageMetric) {
		if (IngestCatalogue.eventTypes(usageMetric).isEmpty()) {
			return List.of();
		}
		return account(accountId).sources(usageMetric)
			.stream()
			.filter(s -> s.app() != null)
			.map(AccountIngest.Source::application)
			.distinct()
			.toList();
	}

	/**
	 * The billed bytes of an application's events of a usage metric on a day;
	 * {@code null} for the events without an application.
	 */
	public long eventBytes(long accountId, String usageMetric, String application, LocalDate day) {
		AccountIngest account = account(accountId);
		long bytes = 0;
		for (AccountIngest.Source source : account.sources(usageMetric)) {
			if (Objects.equals(source.application(), application)) {
				for (long hour = firstHour(start(day)); hour < firstHour(start(day.plusDays(1))); hour++) {
					bytes += account.bytes(source, usageMetric, hour);
				}
			}
		}
		return bytes;
	}

	/**
	 * What {@code bytecountestimate()} over all the event types of a usage metric,
	 * {@code FACET appName}, gives an application on a day (UTC), before the vendor's
	 * retention cuts it.
	 */
	public double estimatedBytes(long accountId, String usageMetric, String application, LocalDate day) {
		return estimate(accountId, usageMetric, application, false, day);
	}

	/**
	 * What {@code bytecountestimate()} over all the event types of a usage metric gives
	 * on a day: the applications' and the events' without one.
	 */
	public double wholeEstimate(long accountId, String usageMetric, LocalDate day) {
		return estimate(accountId, usageMetric, null, true, day);
	}

	private double estimate(long accountId, String usageMetric, String application, boolean whole, LocalDate day) {
		AccountIngest account = account(accountId);
		double estimate = 0;
		for (AccountIngest.Source source : account.sources(usageMetric)) {
			if (!whole && !Objects.equals(source.application(), application)) {
				continue;
			}
			for (long hour = firstHour(start(day)); hour < firstHour(start(day.plusDays(1))); hour++) {
				long[] parts = IngestCatalogue.split(usageMetric, account.bytes(source, usageMetric, hour));
				for (int i = 0; i < parts.length; i++) {
					estimate += parts[i] * IngestCatalogue.eventTypes(usageMetric).get(i).overCount();
				}
			}
		}
		return estimate;
	}

	/**
	 * How much {@code bytecountestimate()} over-counts an event type's billed bytes.
	 * @throws IllegalArgumentException for an event type the sandbox does not answer
	 */
	public static double overCount(String eventType) {
		return entry(eventType).overCount();
	}

	/** The organisation's data option, which says how long its events are kept. */
	public DataOption dataOption() {
		return dataOption;
	}

	/**
	 * How many days the vendor keeps an event type of the organisation's: 8 for APM
	 * events and 30 for Metric with the original data option, 98 and 120 with Data Plus.
	 */
	public int retentionDays(String eventType) {
		return dataOption.retentionDays(entry(eventType).retentionDays());
	}

	private static IngestCatalogue.EventType entry(String eventType) {
		return IngestCatalogue.ofEventType(eventType)
			.orElseThrow(() -> new IllegalArgumentException("no event type " + eventType))
			.getValue();
	}

	/**
	 * The organisation's gigabytes of the month up to {@code until} (the month's end at
	 * most): {@code NrMTDConsumption}'s {@code GigabytesIngested} at the last hour before
	 * it.
	 */
	public double monthToDateGigabytes(YearMonth month, Instant until) {
		return monthToDateBytes(month, until) / 1e9;
	}

	/** The billable gigabytes of that: the whole gigabytes above the free 100. */
	public long billableGigabytes(YearMonth month, Instant until) {
		return billable(monthToDateBytes(month, until));
	}

	static long billable(long bytes) {
		return Math.max(0, (long) Math.floor(bytes / 1e9) - FREE_GIGABYTES);
	}

	private long monthToDateBytes(YearMonth month, Instant until) {
		Instant end = start(month.plusMonths(1).atDay(1));
		long bytes = 0;
		for (long hour = firstHour(start(month.atDay(1))); hour < firstHour(
				until.isBefore(end) ? until : end); hour++) {
			bytes += organisationBytes(hour);
		}
		return bytes;
	}

	/**
	 * The organisation's compute units of a metric in the month up to {@code until}; zero
	 * but for {@link #ADVANCED_CCU}.
	 */
	public double computeUnits(String computeMetric, YearMonth month, Instant until) {
		if (!computeMetric.equals(ADVANCED_CCU)) {
			return 0;
		}
		Instant end = start(month.plusMonths(1).atDay(1));
		double units = 0;
		for (long hour = firstHour(start(month.atDay(1))); hour < firstHour(
				until.isBefore(end) ? until : end); hour++) {
			units += hourlyComputeUnits(hour);
		}
		return units;
	}

	double hourlyComputeUnits(long hour) {
		return 1.5 + Math.round(200 * Hashing.unit(parentId(), hour, 0x63, 0)) / 100.0;
	}

	/** Every account's bytes of a metric in an hour: the parent's row. */
	long organisationBytes(String usageMetric, long hour) {
		long bytes = 0;
		for (AccountIngest account : accounts.values()) {
			bytes += account.bytes(usageMetric, hour);
		}
		return bytes;
	}

	long organisationBytes(long hour) {
		long bytes = 0;
		for (String metric : IngestCatalogue.USAGE_METRICS) {
			bytes += organisationBytes(metric, hour);
		}
		return bytes;
	}

	AccountIngest account(long accountId) {
		AccountIngest account = accounts.get(accountId);
		if (account == null) {
			throw new IllegalArgumentException("no account " + accountId + " in the organisation");
		}
		return account;
	}

	/** The first hour (epoch hours) that starts at or after {@code at}. */
	static long firstHour(Instant at) {
		return Math.floorDiv(at.toEpochMilli() + HOUR_MILLIS - 1, HOUR_MILLIS);
	}

	static Instant start(LocalDate day) {
		return day.atStartOfDay().toInstant(ZoneOffset.UTC);
	}

}
