-- One row per notice of a failed scheduled fire sent to one of its schedule's on-failure recipients, committed right
-- after it is sent: a retry of the same fire, or a scheduler started again, tells nobody twice.
CREATE TABLE IF NOT EXISTS APM_REPORT_NOTICE (
	NOTICE_KEY VARCHAR(300) NOT NULL,
	RECIPIENT VARCHAR(320) NOT NULL,
	SENT_AT VARCHAR(40) NOT NULL,
	PRIMARY KEY (NOTICE_KEY, RECIPIENT)
);
