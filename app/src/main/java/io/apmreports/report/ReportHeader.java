package io.apmreports.report;

import java.time.OffsetDateTime;
import java.time.ZoneId;

import io.apmreports.definition.Thresholds;
import io.apmreports.range.TimeRange;

/**
 * What the first sheet of a workbook says about the run.
 *
 * @param title the definition's title
 * @param report the report's name
 * @param account the account read, as a reader meets it (see
 * {@code io.apmreports.source.Account#describe})
 * @param range the range every figure covers
 * @param timeZone the report's time zone
 * @param generatedAt when the files were written
 * @param selectionNote what the readers should know of the selection (ids it names that
 * the account lacks), or {@code null}
 * @param scope what the headline figures cover, as their heading says it: "The account",
 * "Team checkout", ...
 * @param thresholds the definition's, for the sheets' marks and colours
 */
public record ReportHeader(String title, String report, String account, TimeRange range, ZoneId timeZone,
		OffsetDateTime generatedAt, String selectionNote, String scope, Thresholds thresholds) {

	/** A header under today's thresholds. */
	public ReportHeader(String title, String report, String account, TimeRange range, ZoneId timeZone,
			OffsetDateTime generatedAt, String selectionNote, String scope) {
		this(title, report, account, range, timeZone, generatedAt, selectionNote, scope, Thresholds.DEFAULT);
	}

	/** A header of a report over the whole account, without a note on the selection. */
	public ReportHeader(String title, String report, String account, TimeRange range, ZoneId timeZone,
			OffsetDateTime generatedAt) {
		this(title, report, account, range, timeZone, generatedAt, null, "The account");
	}

}
