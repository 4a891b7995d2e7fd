-- The trend table holds about 168 rows per application a week (1.7 million at 10,000 applications), so it keeps
-- only what the steps use: slice times as epoch seconds rather than formatted text, and one index, on the
-- application, which the chunk's delete, the pending-trends check and the group reads all go by. No primary key:
-- a chunk done again deletes its applications' rows before it inserts them. A run that was fetching its trends
-- when the tool was upgraded fetches them again on its restart, as it finds none.
DROP TABLE APM_REPORT_TREND;

CREATE TABLE APM_REPORT_TREND (
	JOB_INSTANCE_ID BIGINT NOT NULL,
	APPLICATION_ID BIGINT NOT NULL,
	SLICE INTEGER NOT NULL,
	FROM_SECOND BIGINT,
	TO_SECOND BIGINT,
	RESPONSE_TIME_MS DOUBLE PRECISION,
	THROUGHPUT_RPM DOUBLE PRECISION
);

CREATE INDEX APM_REPORT_TREND_APPLICATION ON APM_REPORT_TREND (JOB_INSTANCE_ID, APPLICATION_ID);
