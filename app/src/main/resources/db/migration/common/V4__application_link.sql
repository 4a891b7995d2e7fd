-- Each application's page in the vendor's UI, as the service gives it (NerdGraph's permalink), for the report to
-- link its name to; empty where the source has none (REST v2). Runs staged before it simply have no links.
-- IF NOT EXISTS: a repository made before Flyway that a newer node already wrote to may have the column.
ALTER TABLE APM_REPORT_APPLICATION ADD COLUMN IF NOT EXISTS LINK VARCHAR(1000);
