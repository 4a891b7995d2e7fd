package io.apmreports.job;

import java.time.LocalDate;
import java.time.YearMonth;
import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.batch.infrastructure.item.ExecutionContext;

import io.apmreports.definition.SourceKind;
import io.apmreports.failure.UserFacingException;
import io.apmreports.source.FigureSources;
import io.apmreports.source.UsageSource;

/**
 * What the cost and ingest steps share of a run: the usage source, read through the run's
 * first account's source so that its queries count with the run's; the account the bill
 * is asked in; the billing month; and the accounts that could not be measured, left in
 * the run's context for the cost step.
 */
final class UsageRun {

	private static final String NOT_MEASURED_KEY = "cost.notMeasured";

	private UsageRun() {
	}

	/**
	 * The run's usage source.
	 * @throws UserFacingException on a source that cannot read usage events (REST), which
	 * a launch refuses before: a run restarted against one
	 */
	static UsageSource usage(FigureSources sources, LaunchedRun launched) {
		SourceKind kind = SourceKind.ofRecorded(launched.run().source());
		return sources.of(kind, launched.run().accounts().ids().get(0))
			.usage()
			.orElseThrow(() -> new UserFacingException("report " + launched.definition().name()
					+ " reads the vendor's usage events, which only NRQL can ask: set apm.source=nrql, or source: "
					+ "nrql in its definition (" + launched.definition().name() + ".yml)"));
	}

	/** The account the bill is asked in: the definition's, else the run's first. */
	static long usageAccount(LaunchedRun launched) {
		Long named = launched.definition().cost().usageAccount();
		return named != null ? named : launched.run().accounts().ids().get(0);
	}

	/** The billing month of the run: the month its range starts in, as it is written. */
	static YearMonth month(LaunchedRun launched) {
		return YearMonth.from(launched.run().range().from());
	}

	/**
	 * How many days the vendor keeps the events measured: the definition's
	 * {@code cost.event-retention-days}, else the organisation's
	 * {@code report.event-retention-days}.
	 */
	static int retentionDays(LaunchedRun launched, int organisationDays) {
		Integer days = launched.definition().cost().eventRetentionDays();
		return days != null ? days : organisationDays;
	}

	/**
	 * The first day whose events the vendor still keeps whole: the events of
	 * {@code retentionDays} days back are partly gone already.
	 */
	static LocalDate firstMeasurable(LocalDate today, int retentionDays) {
		return today.minusDays(Math.max(1, retentionDays) - 1L);
	}

	/** Notes why an account could not be measured. */
	static void putNotMeasured(ExecutionContext runContext, long accountId, String why) {
		Map<Long, String> notMeasured = notMeasured(runContext);
		notMeasured.put(accountId, why.replace('\n', ' ').replace('\t', ' '));
		StringBuilder text = new StringBuilder();
		notMeasured.forEach((account, reason) -> text.append(account).append('\t').append(reason).append('\n'));
		runContext.putString(NOT_MEASURED_KEY, text.toString());
	}

	/** Why each account that could not be measured was not, by account. */
	static Map<Long, String> notMeasured(ExecutionContext runContext) {
		Map<Long, String> notMeasured = new LinkedHashMap<>();
		for (String line : runContext.getString(NOT_MEASURED_KEY, "").split("\n")) {
			int tab = line.indexOf('\t');
			if (tab > 0) {
				notMeasured.put(Long.valueOf(line.substring(0, tab)), line.substring(tab + 1));
			}
		}
		return notMeasured;
	}

}
