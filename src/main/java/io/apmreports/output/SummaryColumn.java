package io.apmreports.output;

import java.util.function.Function;

/**
 * The columns of {@code summary.csv} and of the workbook's Summary sheet, in contract order. Finance builds on this
 * order: add columns only at the documented place, never rename or reorder.
 */
enum SummaryColumn {

	APPLICATION_ID("application_id", Kind.INTEGER, SummaryRow::applicationId),
	APPLICATION_NAME("application_name", Kind.TEXT, SummaryRow::applicationName),
	LANGUAGE("language", Kind.TEXT, SummaryRow::language),
	HEALTH_STATUS("health_status", Kind.TEXT, SummaryRow::healthStatus),
	REPORTING("reporting", Kind.BOOLEAN, SummaryRow::reporting),
	HOST_COUNT("host_count", Kind.INTEGER, SummaryRow::hostCount),
	INSTANCE_COUNT("instance_count", Kind.INTEGER, SummaryRow::instanceCount),
	RANGE_FROM("range_from", Kind.TIME, SummaryRow::rangeFrom),
	RANGE_TO("range_to", Kind.TIME, SummaryRow::rangeTo),
	THROUGHPUT_RPM("throughput_rpm", Kind.RATE, SummaryRow::throughputRpm),
	NON_WEB_THROUGHPUT_RPM("non_web_throughput_rpm", Kind.RATE, SummaryRow::nonWebThroughputRpm),
	RESPONSE_TIME_MS("response_time_ms", Kind.MILLISECONDS, SummaryRow::responseTimeMs),
	REQUEST_QUEUING_MS("request_queuing_ms", Kind.MILLISECONDS, SummaryRow::requestQueuingMs),
	WEB_TRANSACTION_TIME_MS("web_transaction_time_ms", Kind.MILLISECONDS, SummaryRow::webTransactionTimeMs),
	APPLICATION_TIME_MS("application_time_ms", Kind.MILLISECONDS, SummaryRow::applicationTimeMs),
	DATASTORE_MS("datastore_ms", Kind.MILLISECONDS, SummaryRow::datastoreMs),
	DATABASE_MS("database_ms", Kind.MILLISECONDS, SummaryRow::databaseMs),
	RUBY_DATABASE_MS("ruby_database_ms", Kind.MILLISECONDS, SummaryRow::rubyDatabaseMs),
	EXTERNAL_MS("external_ms", Kind.MILLISECONDS, SummaryRow::externalMs),
	CACHE_MS("cache_ms", Kind.MILLISECONDS, SummaryRow::cacheMs),
	STATUS("status", Kind.TEXT, SummaryRow::status),
	STATUS_DETAIL("status_detail", Kind.TEXT, SummaryRow::statusDetail);

	/** How a column's values are written. */
	enum Kind {

		TEXT, INTEGER, BOOLEAN, TIME, RATE, MILLISECONDS

	}

	private final String header;

	private final Kind kind;

	private final Function<SummaryRow, Object> value;

	SummaryColumn(String header, Kind kind, Function<SummaryRow, Object> value) {
		this.header = header;
		this.kind = kind;
		this.value = value;
	}

	String header() {
		return header;
	}

	Kind kind() {
		return kind;
	}

	Object valueOf(SummaryRow row) {
		return value.apply(row);
	}

}
