-- The column the code under test writes, which the version before Flyway did not have: the test's "old" node runs
-- today's code on that version's schema, so it needs it to stage a run at all.
ALTER TABLE APM_REPORT_APPLICATION ADD COLUMN IF NOT EXISTS LINK VARCHAR(1000);
