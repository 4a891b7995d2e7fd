package io.apmreports.source.nrql;

import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import io.apmreports.source.AccountNotRead;
import io.apmreports.source.BilledIngest;
import io.apmreports.source.BilledMonth;
import io.apmreports.source.ByteEstimate;
import io.apmreports.source.IngestRule;
import io.apmreports.source.MonthlyIngest;
import io.apmreports.source.UsageSource;

/**
 * The billed usage through NRQL: the vendor's usage events ({@code NrConsumption},
 * {@code NrMTDConsumption}) asked in the parent, and its per-application byte count
 * estimates asked in each account, a day at a time as the vendor advises. Every query
 * goes through the one client, paced, retried and counted as the figure queries are;
 * another account is read with the same key, its requests counted with this source's.
 * Billing months are UTC calendar months.
 */
class UsageQueries implements UsageSource {

	static final String ACCOUNT = "consumingAccountId";

	static final String ACCOUNT_NAME = "consumingAccountName";

	static final String METRIC = "usageMetric";

	static final String MONTH = "monthOf(timestamp)";

	/**
	 * The user types of {@code NrMTDConsumption} by the name a {@link BilledMonth} uses.
	 */
	private static final Map<String, String> USERS = Map.of("full-platform", "FullPlatformUsersBillable", "core",
			"CoreUsersBillable", "basic", "BasicUsersBillable");

	/** The compute metrics by the name a {@link BilledMonth} uses. */
	private static final Map<String, String> COMPUTE = Map.of("core", "CoreCCU", "advanced", "AdvancedCCU");

	private final NerdGraphClient client;

	private final EntityTagSearch tags;

	UsageQueries(NerdGraphClient client) {
		this.client = client;
		this.tags = new EntityTagSearch(client);
	}

	@Override
	public List<BilledIngest> billedIngest(long usageAccount, YearMonth month) {
		String nrql = "FROM NrConsumption SELECT sum(GigabytesIngested) AS gigabytes WHERE productLine = 'DataPlatform' "
				+ "FACET " + ACCOUNT + ", " + ACCOUNT_NAME + ", " + METRIC + " " + window(month, month) + " LIMIT MAX";
		return rows(usageAccount, "the month's ingest", nrql, List.of(ACCOUNT, ACCOUNT_NAME, METRIC),
				row -> new BilledIngest(row.account(ACCOUNT), row.facet(ACCOUNT_NAME), row.requiredFacet(METRIC),
						gigabytes(row)));
	}

	@Override
	public BilledMonth billedMonth(long usageAccount, YearMonth month) {
		try {
			return month(usageAccount, window(month, month));
		}
		catch (IllegalArgumentException ex) {
			throw new NerdGraphException.Rejected(
					"the month's billable figures: unreadable answer, " + ex.getMessage());
		}
	}

	private BilledMonth month(long usageAccount, String window) {
		UsageRow ingest = single(usageAccount, "the month's billable ingest",
				"FROM NrMTDConsumption SELECT latest(GigabytesIngestedBillable) AS billable, latest(freeLimit) AS "
						+ "freeLimit WHERE productLine = 'DataPlatform' " + window);
		StringBuilder select = new StringBuilder();
		USERS.forEach((type, attribute) -> select.append(select.isEmpty() ? "" : ", ")
			.append("latest(")
			.append(attribute)
			.append(") AS ")
			.append(attribute));
		UsageRow users = single(usageAccount, "the month's billable users",
				"FROM NrMTDConsumption SELECT " + select + " " + window);
		Map<String, Double> userCounts = new HashMap<>();
		USERS.forEach((type, attribute) -> putFound(userCounts, type, users.number(attribute, latest(attribute))));
		Map<String, Double> compute = new HashMap<>();
		COMPUTE
			.forEach((type, metric) -> putFound(compute, type,
					single(usageAccount, "the month's compute units",
							"FROM NrMTDConsumption SELECT latest(consumption) AS consumption WHERE metric = "
									+ Nrql.quoted(metric) + " " + window)
						.number("consumption", latest("consumption"))));
		return new BilledMonth(ingest.number("billable", latest("GigabytesIngestedBillable")),
				ingest.number("freeLimit", latest("freeLimit")), userCounts, compute);
	}

	@Override
	public List<MonthlyIngest> monthlyIngest(long usageAccount, YearMonth first, YearMonth last) {
		String nrql = "FROM NrConsumption SELECT sum(GigabytesIngested) AS gigabytes WHERE productLine = 'DataPlatform' "
				+ "FACET " + MONTH + ", " + ACCOUNT + ", " + METRIC + " " + window(first, last) + " LIMIT MAX";
		return rows(usageAccount, "the months' ingest", nrql, List.of(MONTH, ACCOUNT, METRIC),
				row -> new MonthlyIngest(row.month(MONTH), row.account(ACCOUNT), row.requiredFacet(METRIC),
						gigabytes(row)));
	}

	@Override
	public List<ByteEstimate> byteEstimates(long accountId, LocalDate day, List<IngestRule> rules) {
		String window = Nrql.window(start(day), start(day.plusDays(1)));
		List<ByteEstimate> estimates = new ArrayList<>();
		try {
			for (IngestRule rule : rules) {
				String from = "SELECT bytecountestimate() AS bytes FROM " + String.join(", ", rule.eventTypes());
				String what = "the byte estimate of " + rule.usageMetric() + " on " + day;
				for (UsageRow row : read(accountId, what, from + " FACET " + rule.facet() + " " + window + " LIMIT MAX",
						List.of(rule.facet()))) {
					String application = row.facet(rule.facet());
					Double bytes = bytes(row);
					if (application != null && bytes != null) {
						estimates.add(new ByteEstimate(accountId, day, rule.usageMetric(), application, bytes));
					}
				}
				Double whole = single(accountId, what, from + " " + window).number("bytes", "bytecountestimate()");
				estimates.add(new ByteEstimate(accountId, day, rule.usageMetric(), null, whole == null ? 0 : whole));
			}
		}
		catch (NerdGraphException.Refused ex) {
			throw new AccountNotRead(accountId, ex.getMessage());
		}
		catch (IllegalArgumentException ex) {
			throw new NerdGraphException.Rejected("the byte estimates of account " + accountId + " on " + day
					+ ": unreadable answer, " + ex.getMessage());
		}
		return estimates;
	}

	/** Through the entity search, restricted to the account. */
	@Override
	public Map<String, String> applicationTag(long accountId, String tag) {
		return tags.valuesByName(accountId, tag);
	}

	private static Double bytes(UsageRow row) {
		return row.number("bytes", "bytecountestimate()");
	}

	private static double gigabytes(UsageRow row) {
		Double gigabytes = row.number("gigabytes", "sum.GigabytesIngested");
		if (gigabytes == null) {
			throw new IllegalArgumentException("a row has no gigabytes");
		}
		return gigabytes;
	}

	private static String latest(String attribute) {
		return "latest." + attribute;
	}

	private static void putFound(Map<String, Double> found, String key, Double value) {
		if (value != null) {
			found.put(key, value);
		}
	}

	private <T> List<T> rows(long accountId, String what, String nrql, List<String> facets,
			Function<UsageRow, T> each) {
		List<UsageRow> rows = read(accountId, what, nrql, facets);
		try {
			return rows.stream().map(each).toList();
		}
		catch (IllegalArgumentException ex) {
			throw new NerdGraphException.Rejected(what + ": unreadable answer, " + ex.getMessage());
		}
	}

	/**
	 * The one row of an unfaceted query; none answered reads as a row without figures.
	 */
	private UsageRow single(long accountId, String what, String nrql) {
		List<UsageRow> rows = read(accountId, what, nrql, List.of());
		return rows.isEmpty() ? new UsageRow(Map.of(), List.of()) : rows.get(0);
	}

	private List<UsageRow> read(long accountId, String what, String nrql, List<String> facets) {
		List<Map<String, Object>> answered;
		try {
			answered = client.inAccount(accountId).nrql(nrql);
		}
		catch (NerdGraphException.Rejected ex) {
			throw new NerdGraphException.Rejected(what + ": " + ex.getMessage());
		}
		return answered.stream().map(row -> new UsageRow(row, facets)).toList();
	}

	/**
	 * From the start of {@code first} to the start of the month after {@code last}, UTC.
	 */
	static String window(YearMonth first, YearMonth last) {
		return Nrql.window(start(first.atDay(1)), start(last.plusMonths(1).atDay(1)));
	}

	private static Instant start(LocalDate day) {
		return day.atStartOfDay(ZoneOffset.UTC).toInstant();
	}

}
