package io.apmreports.report;

import java.util.List;

import io.apmreports.formula.Kind;

/**
 * The columns of {@code service-levels.csv} (one row per level and month, the run's month
 * among them) and of {@code sla.csv} (one row per application without levels and month),
 * which the workbook's SLA sheet shares. An absent figure is an empty cell, never a 0: a
 * month before a level existed says so in {@code before_creation}.
 */
public final class ServiceLevelColumns {

	/**
	 * service-levels.csv's columns, the group's named for the {@code group-by} tag
	 * ({@code team} without one).
	 */
	public static List<Column<ServiceLevelReport.LevelMonth>> levels(String groupBy) {
		return List.of(new Column<>("account_id", "Account ID", Kind.ID, row -> row.level().accountId()),
				new Column<>(group(groupBy), title(groupBy), Kind.TEXT, row -> row.level().team()),
				new Column<>("application_id", "Application ID", Kind.ID, row -> row.level().applicationId()),
				new Column<>("application_name", "Application", Kind.TEXT, row -> row.level().applicationName()),
				new Column<>("service_level", "Service level", Kind.TEXT, row -> row.level().name()),
				new Column<>("guid", "GUID", Kind.TEXT, row -> row.level().guid()),
				new Column<>("target_pct", "Target (%)", Kind.NUMBER, row -> row.level().targetPct()),
				new Column<>("window_days", "Window (days)", Kind.INTEGER,
						row -> row.level().windowDays() == null ? null : row.level().windowDays().doubleValue()),
				new Column<>("month", "Month", Kind.TEXT, row -> row.month().month().toString()),
				new Column<>("attainment_pct", "Attainment (%)", Kind.NUMBER, row -> row.month().attainmentPct()),
				new Column<>("budget_consumed", "Budget consumed", Kind.FRACTION, row -> row.month().consumed()),
				new Column<>("budget_remaining", "Budget left", Kind.FRACTION, row -> row.month().remaining()),
				new Column<>("budget_colour", "Budget colour", Kind.TEXT,
						row -> row.month().colour() == null ? null : row.month().colour().word()),
				new Column<>("good", "Good events", Kind.NUMBER, row -> row.month().good()),
				new Column<>("valid", "Valid events", Kind.NUMBER, row -> row.month().valid()),
				new Column<>("before_creation", "Before the SLI existed", Kind.BOOLEAN,
						row -> row.month().beforeCreation()),
				new Column<>("partial", "Partial month", Kind.BOOLEAN, row -> row.month().partial()));
	}

	/** sla.csv's columns, which the workbook's SLA sheet shares. */
	public static List<Column<ServiceLevelReport.SlaLine>> sla(String groupBy) {
		return List.of(new Column<>("account_id", "Account ID", Kind.ID, row -> row.application().accountId()),
				new Column<>(group(groupBy), title(groupBy), Kind.TEXT, row -> row.application().team()),
				new Column<>("application_id", "Application ID", Kind.ID, row -> row.application().applicationId()),
				new Column<>("application_name", "Application", Kind.TEXT, row -> row.application().applicationName()),
				new Column<>("month", "Month", Kind.TEXT, row -> row.month().month().toString()),
				new Column<>("requests", "Requests", Kind.INTEGER, row -> row.month().requests()),
				new Column<>("apdex_score", "Apdex score", Kind.SCORE, row -> row.month().apdexScore()),
				new Column<>("satisfied", "Satisfied", Kind.FRACTION, row -> row.month().satisfied()),
				new Column<>("tolerating", "Tolerating", Kind.FRACTION, row -> row.month().tolerating()),
				new Column<>("frustrated", "Frustrated", Kind.FRACTION, row -> row.month().frustrated()),
				new Column<>("error_rate", "Error rate", Kind.FRACTION, row -> row.month().errorRate()),
				new Column<>("source", "From", Kind.TEXT, row -> row.month().origin()));
	}

	private ServiceLevelColumns() {
	}

	private static String group(String groupBy) {
		return groupBy == null ? "team" : groupBy;
	}

	private static String title(String groupBy) {
		return Columns.groupTitle(group(groupBy));
	}

}
