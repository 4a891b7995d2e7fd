package io.apmreports.job;

import java.util.Arrays;

/**
 * What each step of the report job does, in a user's words, in step order: the job's step
 * names are for the job repository, never for a reader.
 */
enum StepWords {

	LIST_APPLICATIONS("listApplications", "applications", "Listing the applications"),

	FIGURES("fetchFigures", "figures", "Fetching figures"),

	PREVIOUS("fetchPrevious", "previous period", "Fetching the previous period"),

	HOSTS("fetchHosts", "hosts", "Fetching hosts"),

	TRENDS("fetchTrends", "trends", "Fetching trends"),

	KEY_TRANSACTIONS("fetchKeyTransactions", "key transactions", "Fetching key transactions"),

	MEASURE_INGEST("measureIngest", "ingest", "Measuring the ingest per application"),

	STAGE_COST("stageCost", "cost", "Allocating the month's cost"),

	SERVICE_LEVELS("fetchServiceLevels", "service levels", "Reading the service levels"),

	SLA("fetchSla", "SLA figures", "Fetching the SLA figures"),

	CHECK_FAILURES("checkFailures", "failure check", "Checking for failed applications"),

	RECORD_HISTORY("recordHistory", "history", "Keeping the period's figures"),

	WRITE_FILES("writeFiles", "files", "Writing the files"),

	DELIVER("deliver", "delivery", "Delivering the report"),

	/** A step this list does not know yet: said without its name. */
	OTHER("", "report", "Running the report");

	private final String stepName;

	private final String section;

	private final String doing;

	StepWords(String stepName, String section, String doing) {
		this.stepName = stepName;
		this.section = section;
		this.doing = doing;
	}

	static StepWords of(String stepName) {
		return Arrays.stream(values()).filter(words -> words.stepName.equals(stepName)).findFirst().orElse(OTHER);
	}

	/** The step's name in the job, as the job repository keeps it. */
	String stepName() {
		return stepName;
	}

	/** The part of the report the step is about: "trends". */
	String section() {
		return section;
	}

	/** What the step is doing: "Fetching trends". */
	String doing() {
		return doing;
	}

}
