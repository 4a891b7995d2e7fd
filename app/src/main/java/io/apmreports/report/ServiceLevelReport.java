package io.apmreports.report;

import java.time.OffsetDateTime;
import java.time.YearMonth;
import java.util.List;

/**
 * A service-level report's month as its readers meet it: each service level of the
 * selection's applications, in report order (account, team, application), with the run's
 * month and the 11 before against its target, and the budget consumed and left; the SLA
 * figures per month of the applications without service levels, each month saying where
 * it came from; and the headline, the worst budget first in words.
 *
 * @param month the run's calendar month, in the report's zone
 * @param groupBy the tag the teams are, such as {@code team}, or {@code null}
 * @param levelsRead whether the source could read service levels (NRQL); under REST v2
 * the report has the SLA figures of every application and no levels
 * @param months the months shown, the run's last
 * @param levels the service levels
 * @param sla the applications without service levels
 * @param headline what the Overview, the PDF, the e-mail and the chat say first
 */
public record ServiceLevelReport(YearMonth month, String groupBy, boolean levelsRead, List<YearMonth> months,
		List<Level> levels, List<SlaApplication> sla, ServiceLevelHeadline headline) {

	public ServiceLevelReport {
		months = List.copyOf(months);
		levels = List.copyOf(levels);
		sla = List.copyOf(sla);
	}

	/** Every level's months, level after level: what {@code service-levels.csv} lists. */
	public List<LevelMonth> levelMonths() {
		return levels.stream()
			.flatMap(level -> level.months().stream().map(month -> new LevelMonth(level, month)))
			.toList();
	}

	/** Every application's SLA months, application after application. */
	public List<SlaLine> slaLines() {
		return sla.stream()
			.flatMap(application -> application.months().stream().map(month -> new SlaLine(application, month)))
			.toList();
	}

	/**
	 * One level's month, as a table's row.
	 *
	 * @param level the level
	 * @param month one of its months
	 */
	public record LevelMonth(Level level, Month month) {
	}

	/**
	 * One application's SLA month, as a table's row.
	 *
	 * @param application the application
	 * @param month one of its months
	 */
	public record SlaLine(SlaApplication application, SlaMonth month) {
	}

	/** The team column's title: the group-by tag ("Team"), or "Team" without one. */
	public String groupTitle() {
		return groupBy == null ? "Team" : Columns.groupTitle(groupBy);
	}

	/**
	 * One service level.
	 *
	 * @param team the application's group, or "(no team tag)"
	 * @param accountId its account
	 * @param account its account as a reader meets it
	 * @param applicationId the application it is about
	 * @param applicationName that application's name
	 * @param name the level's name
	 * @param guid the level's guid
	 * @param targetPct its objective's target in percent, or {@code null} without one
	 * @param windowDays its objective's rolling window in days, or {@code null}
	 * @param createdAt when it was created
	 * @param months its months, oldest first, the run's last
	 */
	public record Level(String team, long accountId, String account, long applicationId, String applicationName,
			String name, String guid, Double targetPct, Integer windowDays, OffsetDateTime createdAt,
			List<Month> months) {

		public Level {
			months = List.copyOf(months);
		}

		/** The run's month, or {@code null} where none was staged. */
		public Month current() {
			return months.isEmpty() ? null : months.get(months.size() - 1);
		}

		/** "Checkout availability": the level's name, which names its application. */
		public String title() {
			return name;
		}

		/** The window in words: "28 days", or empty without one. */
		public String window() {
			return windowDays == null ? "" : windowDays + (windowDays == 1 ? " day" : " days");
		}

	}

	/**
	 * One level over one calendar month; each figure absent where its inputs were.
	 *
	 * @param month the month
	 * @param beforeCreation whether the month ended before the level existed: no figures
	 * @param partial whether the level was created during the month
	 * @param attainmentPct good of valid in percent
	 * @param good good events
	 * @param valid valid events
	 * @param consumed the budget consumed, 1 for all of it, above 1 when overspent
	 * @param remaining 1 - consumed, below 0 when overspent
	 * @param colour the budget's colour
	 */
	public record Month(YearMonth month, boolean beforeCreation, boolean partial, Double attainmentPct, Double good,
			Double valid, Double consumed, Double remaining, BudgetColour colour) {

		/** "62 % left", "overspent: 140 % used", "before the SLI existed", or empty. */
		public String budgetWords() {
			return ServiceLevelText.budget(this);
		}

	}

	/**
	 * An application without service levels, with its SLA figures per month.
	 *
	 * @param team the application's group, or "(no team tag)"
	 * @param accountId its account
	 * @param account its account as a reader meets it
	 * @param applicationId its id
	 * @param applicationName its name
	 * @param months its months, oldest first
	 */
	public record SlaApplication(String team, long accountId, String account, long applicationId,
			String applicationName, List<SlaMonth> months) {

		public SlaApplication {
			months = List.copyOf(months);
		}

	}

	/**
	 * One application's SLA figures over one month, each absent where its inputs were.
	 *
	 * @param month the month
	 * @param requests web requests
	 * @param apdexScore Apdex score, 0 to 1
	 * @param satisfied satisfied share, 0 to 1
	 * @param tolerating tolerating share, 0 to 1
	 * @param frustrated frustrated share, 0 to 1
	 * @param errorRate errors per call, 0 to 1
	 * @param origin where the figures came from, in words, or {@code null} without any
	 */
	public record SlaMonth(YearMonth month, Double requests, Double apdexScore, Double satisfied, Double tolerating,
			Double frustrated, Double errorRate, String origin) {
	}

}
