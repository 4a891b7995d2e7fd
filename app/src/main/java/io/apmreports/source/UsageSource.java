package io.apmreports.source;

import java.time.LocalDate;
import java.time.YearMonth;
import java.util.List;
import java.util.Map;

/**
 * What the cost report reads of an organisation's billed usage, beside the figures: only
 * NRQL can ask it ({@link FigureSource#usage()}). Every call reads the account it is
 * given; a failure to read throws as the figure calls do, for the run to be restarted.
 */
public interface UsageSource {

	/**
	 * The month's ingest per consuming account and usage metric ({@code productLine
	 * DataPlatform}), asked in {@code usageAccount}, the parent the vendor says to ask:
	 * as it answers, the parent's own row may hold its children's data too.
	 */
	List<BilledIngest> billedIngest(long usageAccount, YearMonth month);

	/** The month's billable figures, users and compute units, asked in the parent. */
	BilledMonth billedMonth(long usageAccount, YearMonth month);

	/**
	 * The ingest per month, consuming account and usage metric from {@code first} to
	 * {@code last}, both whole months, as far back as the vendor keeps its usage events.
	 */
	List<MonthlyIngest> monthlyIngest(long usageAccount, YearMonth first, YearMonth last);

	/**
	 * One day's byte count estimates in {@code accountId}: per rule, one per application
	 * and one of all the rule's events.
	 */
	List<ByteEstimate> byteEstimates(long accountId, LocalDate day, List<IngestRule> rules);

	/**
	 * The value of {@code tag} of each APM application of {@code accountId} by name, for
	 * allocating to teams; an application without the tag is absent.
	 */
	Map<String, String> applicationTag(long accountId, String tag);

}
