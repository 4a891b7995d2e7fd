package io.apmreports.report;

import java.time.LocalDate;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.springframework.stereotype.Component;

import io.apmreports.definition.ReportDefinition;
import io.apmreports.range.TimeRange;
import io.apmreports.source.SourceProperties;
import io.apmreports.staging.CostRow;
import io.apmreports.staging.CostTables;
import io.apmreports.staging.IngestEstimates;

/**
 * What a cost or ingest run's files read: the month its cost step staged, named and
 * priced for readers, and the days its measurement kept.
 */
@Component
class CostContent {

	private final CostTables costTables;

	private final IngestEstimates estimates;

	private final String region;

	CostContent(CostTables costTables, IngestEstimates estimates, SourceProperties source) {
		this.costTables = costTables;
		this.estimates = estimates;
		// the account's region prices its gigabytes
		this.region = source.region().name().toLowerCase(Locale.ROOT);
	}

	/**
	 * A cost report's month, as the run's cost step staged it: billing months are UTC
	 * calendar months, and the range's start is in the month reported.
	 */
	CostReport month(long instanceId, ReportDefinition definition, TimeRange range) {
		List<CostRow> rows = new ArrayList<>();
		costTables.forEachRow(instanceId, rows::add);
		return CostReportBuilder.build(YearMonth.from(range.from().atZoneSameInstant(ZoneOffset.UTC)),
				definition.cost(), definition.groupBy(), region, rows, costTables.accounts(instanceId),
				costTables.billedMonth(instanceId), costTables.months(instanceId));
	}

	/**
	 * Hands the kept estimates of the range's days (UTC), as an ingest run measured them,
	 * to the sink; answers how many.
	 */
	long ingest(TimeRange range, ReportSink sink) {
		LocalDate first = range.from().atZoneSameInstant(ZoneOffset.UTC).toLocalDate();
		LocalDate end = range.to().atZoneSameInstant(ZoneOffset.UTC).toLocalDate();
		return first.datesUntil(end.isAfter(first) ? end : first.plusDays(1))
			.flatMap(day -> estimates.ofDay(day).stream())
			.peek(sink::ingest)
			.count();
	}

}
