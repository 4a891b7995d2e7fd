package io.apmreports.report.xlsx;

import java.util.List;
import java.util.function.Function;

import org.apache.poi.ss.usermodel.Row;

import io.apmreports.definition.Thresholds;
import io.apmreports.formula.Change;
import io.apmreports.formula.FigureColumn;
import io.apmreports.formula.Kind;
import io.apmreports.report.Overview;

/**
 * A column of the Overview's busiest applications: a figure, or its change. A figure no
 * application has (a usage report has no Apdex) and the changes of a run without the
 * previous period are left out rather than shown empty.
 *
 * @param title the heading
 * @param value the figure of an application
 * @param kind how the figure is written
 * @param better which way it gets better, for a change
 * @param change whether the column shows the change rather than the figure
 */
record BusyColumn(String title, Function<Overview.Busy, Change> value, Kind kind, Overview.Better better,
		boolean change) {

	private static final List<BusyColumn> ALL = List.of(
			new BusyColumn("Calls", Overview.Busy::calls, Kind.INTEGER, Overview.Better.NEITHER, false),
			new BusyColumn(FigureColumn.THROUGHPUT_RPM.title(), Overview.Busy::throughputRpm, Kind.RATE,
					Overview.Better.NEITHER, false),
			new BusyColumn(FigureColumn.RESPONSE_TIME_MS.title(), Overview.Busy::responseTimeMs, Kind.MILLISECONDS,
					Overview.Better.LOWER, false),
			new BusyColumn("Change", Overview.Busy::responseTimeMs, Kind.MILLISECONDS, Overview.Better.LOWER, true),
			new BusyColumn("Apdex score", Overview.Busy::apdexScore, Kind.SCORE, Overview.Better.HIGHER, false),
			new BusyColumn("Change", Overview.Busy::apdexScore, Kind.SCORE, Overview.Better.HIGHER, true),
			new BusyColumn("Error rate", Overview.Busy::errorRate, Kind.FRACTION, Overview.Better.LOWER, false));

	/** The columns worth showing for these applications. */
	static List<BusyColumn> shown(Overview overview) {
		return ALL.stream()
			.filter(column -> overview.busiestHave(column.value))
			.filter(column -> overview.compared() || !column.change)
			.toList();
	}

	void write(Row row, int column, Overview.Busy busy, WorkbookStyles styles, OverviewStyles look,
			Thresholds thresholds) {
		Change figure = value.apply(busy);
		if (change) {
			look.change(row, column, figure, better, kind, thresholds);
		}
		else {
			styles.number(row, column, figure.current(), kind);
		}
	}

}
