-- The cost report's tables, on both databases.

-- Kept across runs, not per run: the vendor keeps APM events 8 days, so each day's per-application byte estimates are
-- measured while they still can be and kept for the month's allocation, past report.keep-for (for
-- report.ingest-estimates-keep-for). One row per account, day (UTC), usage metric and application; APPLICATION '' is
-- the estimate of all the rule's events, those without an application too. A day measured again replaces its rows.
CREATE TABLE IF NOT EXISTS APM_INGEST_ESTIMATE (
	ACCOUNT_ID BIGINT NOT NULL,
	MEASURED_DAY DATE NOT NULL,
	USAGE_METRIC VARCHAR(200) NOT NULL,
	APPLICATION VARCHAR(1000) NOT NULL,
	BYTES DOUBLE PRECISION NOT NULL,
	MEASURED_AT VARCHAR(40) NOT NULL,
	PRIMARY KEY (ACCOUNT_ID, MEASURED_DAY, USAGE_METRIC, APPLICATION)
);

-- Staging tables of a cost run, keyed by job instance as the others: the run's cost step replaces them whole.
-- The allocation's lines: APPLICATION NULL is the account's unallocated part of the metric.
CREATE TABLE IF NOT EXISTS APM_REPORT_COST_ROW (
	JOB_INSTANCE_ID BIGINT NOT NULL,
	ACCOUNT_ID BIGINT NOT NULL,
	APPLICATION VARCHAR(1000),
	TEAM VARCHAR(1000),
	USAGE_METRIC VARCHAR(200) NOT NULL,
	GIGABYTES DOUBLE PRECISION NOT NULL,
	ESTIMATED_GIGABYTES DOUBLE PRECISION
);

CREATE INDEX IF NOT EXISTS APM_REPORT_COST_ROW_INSTANCE ON APM_REPORT_COST_ROW (JOB_INSTANCE_ID);

-- The accounts billed, in the order the report lists them.
CREATE TABLE IF NOT EXISTS APM_REPORT_COST_ACCOUNT (
	JOB_INSTANCE_ID BIGINT NOT NULL,
	ACCOUNT_ID BIGINT NOT NULL,
	LIST_ORDER INTEGER NOT NULL,
	ACCOUNT_NAME VARCHAR(1000),
	USAGE_ACCOUNT BOOLEAN NOT NULL,
	BILLED_GIGABYTES DOUBLE PRECISION NOT NULL,
	DAYS_MEASURED INTEGER NOT NULL,
	DAYS_IN_MONTH INTEGER NOT NULL,
	NOT_MEASURED VARCHAR(2000),
	PRIMARY KEY (JOB_INSTANCE_ID, ACCOUNT_ID)
);

-- The organisation's billable figures of the month: FIGURE billable-gigabytes or free-limit-gigabytes (KIND ''),
-- users or compute-units by KIND. A figure the vendor did not answer has no row.
CREATE TABLE IF NOT EXISTS APM_REPORT_COST_BILLED (
	JOB_INSTANCE_ID BIGINT NOT NULL,
	FIGURE VARCHAR(40) NOT NULL,
	KIND VARCHAR(100) NOT NULL,
	AMOUNT DOUBLE PRECISION NOT NULL,
	PRIMARY KEY (JOB_INSTANCE_ID, FIGURE, KIND)
);

-- The months looked back over (yyyy-MM), per account and team.
CREATE TABLE IF NOT EXISTS APM_REPORT_COST_MONTH (
	JOB_INSTANCE_ID BIGINT NOT NULL,
	BILLING_MONTH VARCHAR(7) NOT NULL,
	ACCOUNT_ID BIGINT NOT NULL,
	TEAM VARCHAR(1000),
	ALLOCATED BOOLEAN NOT NULL,
	GIGABYTES DOUBLE PRECISION NOT NULL
);

CREATE INDEX IF NOT EXISTS APM_REPORT_COST_MONTH_INSTANCE ON APM_REPORT_COST_MONTH (JOB_INSTANCE_ID);
