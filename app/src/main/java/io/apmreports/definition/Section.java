package io.apmreports.definition;

import java.util.Locale;

/**
 * The parts a report definition can choose; each is a sheet of the workbook, most also a
 * CSV file.
 */
public enum Section {

	/** One row per application: figures, Apdex, error rate ({@code summary.csv}). */
	SUMMARY,

	/**
	 * The components of web transaction time per application (the workbook's Breakdown
	 * sheet).
	 */
	BREAKDOWN,

	/** Figures per application and host ({@code hosts.csv}). */
	HOSTS,

	/** Key transactions with their rolling summaries ({@code key-transactions.csv}). */
	KEY_TRANSACTIONS,

	/** This range against the previous one ({@code comparison.csv}). */
	COMPARISON,

	/** Series over the range ({@code trend.csv}). */
	TRENDS,

	/** Native workbook charts of response time and of the breakdown. */
	CHARTS,

	/** Call volume and hosts per application for cost allocation ({@code usage.csv}). */
	USAGE,

	/**
	 * The billing month's ingest, users and compute allocated to applications, teams and
	 * accounts, priced where the definition gives prices ({@code cost.csv}); NRQL only.
	 */
	COST,

	/**
	 * The day's per-application byte estimates, measured and kept for the month's cost
	 * report ({@code ingest.csv}); NRQL only.
	 */
	INGEST,

	/**
	 * Each service level of the applications over the month against its objective, with
	 * the error budget, and the last 12 months; the SLA figures of applications without
	 * one ({@code service-levels.csv}, {@code sla.csv}). Service levels need NRQL.
	 */
	SERVICE_LEVELS;

	/** The section as a definition writes it: {@code key-transactions}. */
	public String written() {
		return name().toLowerCase(Locale.ROOT).replace('_', '-');
	}

}
