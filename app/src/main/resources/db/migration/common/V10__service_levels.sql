-- The service-level report's staging tables, on both databases, keyed by job instance as the others: each of the
-- run's steps replaces what it staged, so a restart leaves only its own. Months are calendar months (yyyy-MM) in the
-- report's zone: the run's month and the 11 before it.

-- Whether the run could read service levels at all: not through REST v2, whose report carries the SLA figures of
-- every application instead.
CREATE TABLE IF NOT EXISTS APM_REPORT_SLO_RUN (
	JOB_INSTANCE_ID BIGINT NOT NULL,
	LEVELS_READ BOOLEAN NOT NULL,
	PRIMARY KEY (JOB_INSTANCE_ID)
);

-- The service levels of the selection's applications, with their objective (TARGET_PCT NULL without one).
CREATE TABLE IF NOT EXISTS APM_REPORT_SERVICE_LEVEL (
	JOB_INSTANCE_ID BIGINT NOT NULL,
	GUID VARCHAR(200) NOT NULL,
	ACCOUNT_ID BIGINT NOT NULL,
	NAME VARCHAR(1000),
	APPLICATION_ID BIGINT NOT NULL,
	APPLICATION_NAME VARCHAR(1000),
	TEAM VARCHAR(1000),
	CREATED_AT VARCHAR(40),
	TARGET_PCT DOUBLE PRECISION,
	WINDOW_DAYS INTEGER,
	PRIMARY KEY (JOB_INSTANCE_ID, GUID)
);

-- Each level's months. A month that ended before the level existed has BEFORE_CREATION and no figures: the vendor
-- holds none, and readers say so rather than show 0 or 100 %.
CREATE TABLE IF NOT EXISTS APM_REPORT_SERVICE_LEVEL_MONTH (
	JOB_INSTANCE_ID BIGINT NOT NULL,
	GUID VARCHAR(200) NOT NULL,
	LEVEL_MONTH VARCHAR(7) NOT NULL,
	BEFORE_CREATION BOOLEAN NOT NULL,
	PARTIAL_MONTH BOOLEAN NOT NULL,
	ATTAINMENT_PCT DOUBLE PRECISION,
	GOOD_EVENTS DOUBLE PRECISION,
	VALID_EVENTS DOUBLE PRECISION,
	PRIMARY KEY (JOB_INSTANCE_ID, GUID, LEVEL_MONTH)
);

-- The SLA figures of the applications without service levels, per month; ORIGIN says whether they were kept from a
-- run (run) or asked of the source now (rest, nrql).
CREATE TABLE IF NOT EXISTS APM_REPORT_SLA_MONTH (
	JOB_INSTANCE_ID BIGINT NOT NULL,
	ACCOUNT_ID BIGINT NOT NULL,
	APPLICATION_ID BIGINT NOT NULL,
	SLA_MONTH VARCHAR(7) NOT NULL,
	APPLICATION_NAME VARCHAR(1000),
	TEAM VARCHAR(1000),
	WEB_CALLS DOUBLE PRECISION,
	APDEX_SCORE DOUBLE PRECISION,
	APDEX_SATISFIED DOUBLE PRECISION,
	APDEX_TOLERATING DOUBLE PRECISION,
	APDEX_FRUSTRATED DOUBLE PRECISION,
	ERROR_RATE DOUBLE PRECISION,
	ORIGIN VARCHAR(10) NOT NULL,
	PRIMARY KEY (JOB_INSTANCE_ID, ACCOUNT_ID, APPLICATION_ID, SLA_MONTH)
);
