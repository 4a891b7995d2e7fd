-- What the monthly usage report needs of each listed application beyond its figures: the account it belongs to (its
-- rows name it, and a report may one day read several), the value of the report's grouping tag, and the hosts and
-- instances that reported during the range, where the source can tell (NRQL); REST v2 knows only the last hour's.
-- IF NOT EXISTS, as in V4: a repository a newer node already wrote to may have the columns.
ALTER TABLE APM_REPORT_APPLICATION ADD COLUMN IF NOT EXISTS ACCOUNT_ID BIGINT;
ALTER TABLE APM_REPORT_APPLICATION ADD COLUMN IF NOT EXISTS TAG_GROUP VARCHAR(1000);
ALTER TABLE APM_REPORT_APPLICATION ADD COLUMN IF NOT EXISTS RANGE_HOST_COUNT INTEGER;
ALTER TABLE APM_REPORT_APPLICATION ADD COLUMN IF NOT EXISTS RANGE_INSTANCE_COUNT INTEGER;
