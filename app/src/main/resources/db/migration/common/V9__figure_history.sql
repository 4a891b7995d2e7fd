-- The figures a report told, kept past report.keep-for (for report.history-keep-for): the vendor keeps hourly APM
-- timeslices 90 days and events 8, so a report that shows where its figures were heading keeps them itself.
-- One row per report, source, accounts and team (the run's selection), scope, subject and period: a run repeated,
-- forced or restarted replaces its period's rows instead of adding to them.
--   SCOPE:      'report' (the report's headline), 'account', 'team' or 'application'
--   ACCOUNT_ID: the account of an account's or application's row; 0 for 'report' and 'team' rows
--   SUBJECT:    the application's id or the team's name; '' for 'report' and 'account' rows
--   ORIGIN:     how the figures came: 'run' (JOB_EXECUTION_ID says which), or 'rest' / 'nrql' for a backfill
-- Figures are absent (NULL) where their inputs were, never 0.
CREATE TABLE IF NOT EXISTS APM_FIGURE_HISTORY (
	REPORT_NAME VARCHAR(200) NOT NULL,
	SOURCE_KEY VARCHAR(1000) NOT NULL,
	ACCOUNTS VARCHAR(1000) NOT NULL,
	TEAM VARCHAR(1000) NOT NULL,
	SCOPE VARCHAR(20) NOT NULL,
	ACCOUNT_ID BIGINT NOT NULL,
	SUBJECT VARCHAR(1000) NOT NULL,
	PERIOD_FROM TIMESTAMP WITH TIME ZONE NOT NULL,
	PERIOD_TO TIMESTAMP WITH TIME ZONE NOT NULL,
	NAME VARCHAR(1000),
	CALLS DOUBLE PRECISION,
	WEB_CALLS DOUBLE PRECISION,
	THROUGHPUT_RPM DOUBLE PRECISION,
	RESPONSE_TIME_MS DOUBLE PRECISION,
	APDEX_SCORE DOUBLE PRECISION,
	APDEX_SATISFIED DOUBLE PRECISION,
	APDEX_TOLERATING DOUBLE PRECISION,
	APDEX_FRUSTRATED DOUBLE PRECISION,
	ERROR_RATE DOUBLE PRECISION,
	ORIGIN VARCHAR(20) NOT NULL,
	JOB_EXECUTION_ID BIGINT,
	RECORDED_AT VARCHAR(40) NOT NULL,
	PRIMARY KEY (REPORT_NAME, SOURCE_KEY, ACCOUNTS, TEAM, SCOPE, ACCOUNT_ID, SUBJECT, PERIOD_FROM, PERIOD_TO)
);

CREATE INDEX IF NOT EXISTS APM_FIGURE_HISTORY_PERIOD ON APM_FIGURE_HISTORY (PERIOD_TO);
