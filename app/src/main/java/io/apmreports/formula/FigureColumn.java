package io.apmreports.formula;

import java.util.Locale;
import java.util.function.Function;

/**
 * The breakdown's figures, each named once: its name is its column in the staging tables,
 * and in lower case its header in {@code summary.csv}, {@code hosts.csv}, the workbook
 * and the comparison. The files show them in this order, so a figure is added at the end
 * (with its migration), never between.
 */
public enum FigureColumn {

	THROUGHPUT_RPM("Web throughput (rpm)", Kind.RATE, Breakdown::throughputRpm),

	NON_WEB_THROUGHPUT_RPM("Non-web throughput (rpm)", Kind.RATE, Breakdown::nonWebThroughputRpm),

	RESPONSE_TIME_MS("Response time (ms)", Kind.MILLISECONDS, Breakdown::responseTimeMs),

	REQUEST_QUEUING_MS("Request queuing (ms)", Kind.MILLISECONDS, Breakdown::requestQueuingMs),

	WEB_TRANSACTION_TIME_MS("Web transaction time (ms)", Kind.MILLISECONDS, Breakdown::webTransactionTimeMs),

	APPLICATION_TIME_MS("Application time (ms)", Kind.MILLISECONDS, Breakdown::applicationTimeMs),

	DATASTORE_MS("Datastore (ms)", Kind.MILLISECONDS, Breakdown::datastoreMs),

	DATABASE_MS("Database (ms)", Kind.MILLISECONDS, Breakdown::databaseMs),

	RUBY_DATABASE_MS("Ruby database (ms)", Kind.MILLISECONDS, Breakdown::rubyDatabaseMs),

	EXTERNAL_MS("External (ms)", Kind.MILLISECONDS, Breakdown::externalMs),

	CACHE_MS("Cache (ms)", Kind.MILLISECONDS, Breakdown::cacheMs);

	private final String title;

	private final Kind kind;

	private final Function<Breakdown, Double> value;

	FigureColumn(String title, Kind kind, Function<Breakdown, Double> value) {
		this.title = title;
		this.kind = kind;
		this.value = value;
	}

	/** The column of the staging tables that holds it. */
	public String column() {
		return name();
	}

	/** The header of the files, which is part of their contract. */
	public String header() {
		return name().toLowerCase(Locale.ROOT);
	}

	/** The figure in words with its unit, as the workbook, e-mail and PDF name it. */
	public String title() {
		return title;
	}

	public Kind kind() {
		return kind;
	}

	/** Its value in a breakdown; absent without one. */
	public Double of(Breakdown breakdown) {
		return breakdown == null ? null : value.apply(breakdown);
	}

}
