package io.apmreports.definition;

import java.time.Clock;
import java.time.Duration;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Set;

import io.apmreports.failure.UserFacingException;
import io.apmreports.range.InvalidRangeException;
import io.apmreports.range.RangeSpec;
import io.apmreports.range.TimeRange;

/**
 * A report as {@code reports/<name>.yml} defines it.
 *
 * @param name the file's base name, which names the report on the command line and in
 * file names
 * @param title the title shown in the workbook
 * @param applications which applications the report covers
 * @param range the period a run covers when no explicit from/to is given
 * @param timeZone the zone in which the range's days start
 * @param formats the files to write
 * @param sections the parts of the report
 * @param email the subject and text of the e-mail that delivers it
 * @param source the source the report pins, or {@code null} for {@code apm.source}
 * @param attachments the files its e-mail carries
 * @param groupBy the tag whose values group the usage or cost section, with a subtotal
 * for each, or {@code null} for no groups
 * @param filesLink where readers open the files, a URL or a shared folder under which the
 * run's folder ({@code <report>/<account>/<range>}) is, or {@code null} for the folder
 * they were written to
 * @param thresholds when a figure is a regression, a change is coloured, and how many are
 * listed
 * @param cost the cost section's settings: the bill's account, the users' rule, the
 * prices
 */
public record ReportDefinition(String name, String title, ApplicationFilter applications, RangeSpec range,
		ZoneId timeZone, Set<ReportFormat> formats, Set<Section> sections, EmailTemplate email, SourceKind source,
		Set<Attachment> attachments, String groupBy, String filesLink, Thresholds thresholds, CostSettings cost) {

	/** A definition without cost settings. */
	public ReportDefinition(String name, String title, ApplicationFilter applications, RangeSpec range, ZoneId timeZone,
			Set<ReportFormat> formats, Set<Section> sections, EmailTemplate email, SourceKind source,
			Set<Attachment> attachments, String groupBy, String filesLink, Thresholds thresholds) {
		this(name, title, applications, range, timeZone, formats, sections, email, source, attachments, groupBy,
				filesLink, thresholds, CostSettings.DEFAULT);
	}

	private static final DateTimeFormatter NOW = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm");

	/** A definition with today's thresholds. */
	public ReportDefinition(String name, String title, ApplicationFilter applications, RangeSpec range, ZoneId timeZone,
			Set<ReportFormat> formats, Set<Section> sections, EmailTemplate email, SourceKind source,
			Set<Attachment> attachments, String groupBy, String filesLink) {
		this(name, title, applications, range, timeZone, formats, sections, email, source, attachments, groupBy,
				filesLink, Thresholds.DEFAULT);
	}

	public ReportDefinition {
		formats = Set.copyOf(formats);
		sections = Set.copyOf(sections);
		attachments = Set.copyOf(attachments);
		cost = cost == null ? CostSettings.DEFAULT : cost;
	}

	/** A definition whose files are where they were written. */
	public ReportDefinition(String name, String title, ApplicationFilter applications, RangeSpec range, ZoneId timeZone,
			Set<ReportFormat> formats, Set<Section> sections, EmailTemplate email, SourceKind source,
			Set<Attachment> attachments, String groupBy) {
		this(name, title, applications, range, timeZone, formats, sections, email, source, attachments, groupBy, null);
	}

	/** A definition without groups. */
	public ReportDefinition(String name, String title, ApplicationFilter applications, RangeSpec range, ZoneId timeZone,
			Set<ReportFormat> formats, Set<Section> sections, EmailTemplate email, SourceKind source,
			Set<Attachment> attachments) {
		this(name, title, applications, range, timeZone, formats, sections, email, source, attachments, null);
	}

	/** A definition whose e-mail carries the default files. */
	public ReportDefinition(String name, String title, ApplicationFilter applications, RangeSpec range, ZoneId timeZone,
			Set<ReportFormat> formats, Set<Section> sections, EmailTemplate email, SourceKind source) {
		this(name, title, applications, range, timeZone, formats, sections, email, source,
				Attachment.defaults(formats, sections));
	}

	/**
	 * The explicit range if given, otherwise the report's named range before now, in its
	 * zone.
	 */
	public TimeRange rangeFor(String from, String to, Clock clock) {
		if (from == null && to == null) {
			return range.lastBefore(ZonedDateTime.now(clock.withZone(timeZone)));
		}
		if (from == null || to == null) {
			throw new UserFacingException("give both --from and --to, or neither for the report's " + range + " range");
		}
		TimeRange given = TimeRange.parse(from, to, timeZone);
		// a report is of what has happened: figures of a range still under way are no
		// week's or month's figures, whatever a reader would take them for
		ZonedDateTime now = ZonedDateTime.now(clock.withZone(timeZone));
		if (given.from().isAfter(now.toOffsetDateTime())) {
			throw new InvalidRangeException("from '" + from + "' is still to come (it is " + NOW.format(now) + " "
					+ timeZone.getId() + "): a report covers a range that has happened");
		}
		if (given.to().isAfter(now.toOffsetDateTime())) {
			throw new InvalidRangeException("to '" + to + "' is still to come (it is " + NOW.format(now) + " "
					+ timeZone.getId() + "): a range that has not ended would give a partial report; give --to no "
					+ "later than now");
		}
		return billable(given);
	}

	/**
	 * The range, if this report may cover it: a cost report's range is a billing month,
	 * an ingest report's whole days, both in UTC; any other would be a bill the vendor
	 * never sent. Every other report may cover any range.
	 * @throws InvalidRangeException naming the range the report would take
	 */
	public TimeRange billable(TimeRange given) {
		Section section = CostChecks.costSection(sections);
		if (section == null) {
			return has(Section.SERVICE_LEVELS) ? ServiceLevelChecks.month(given, timeZone) : given;
		}
		ZonedDateTime from = given.from().atZoneSameInstant(ZoneOffset.UTC);
		ZonedDateTime to = given.to().atZoneSameInstant(ZoneOffset.UTC);
		ZonedDateTime day = from.truncatedTo(ChronoUnit.DAYS);
		if (section == Section.COST) {
			// the month the range mostly covers, which a user who gave it most likely
			// meant
			ZonedDateTime middle = from.plus(Duration.between(from, to).dividedBy(2));
			ZonedDateTime month = middle.truncatedTo(ChronoUnit.DAYS).withDayOfMonth(1);
			if (!from.equals(month) || !to.equals(month.plusMonths(1))) {
				throw new InvalidRangeException("a cost report covers one billing month, a calendar month in UTC: "
						+ "give --from=" + month.toLocalDate() + " --to=" + month.plusMonths(1).toLocalDate());
			}
		}
		else if (!from.equals(day) || !to.equals(to.truncatedTo(ChronoUnit.DAYS))) {
			throw new InvalidRangeException("an ingest report measures whole days in UTC: give dates, such as --from="
					+ day.toLocalDate() + " --to=" + day.plusDays(1).toLocalDate());
		}
		return given;
	}

	/** The source a run of this report reads: its own, or the configured one. */
	public SourceKind sourceOr(SourceKind configured) {
		return source != null ? source : configured;
	}

	/**
	 * The report of one team: its applications in place of the report's, and its name
	 * after the title, so that every file and e-mail says whose report it is.
	 */
	public ReportDefinition forTeam(String team, ApplicationFilter teamApplications) {
		return new ReportDefinition(name, title + " \u2013 " + team, teamApplications, range, timeZone, formats,
				sections, email, source, attachments, groupBy, filesLink, thresholds, cost);
	}

	/**
	 * What the report's figures cover, as a heading says it: a team's applications, the
	 * account, or the applications the definition selects.
	 * @param team the team of a team's run, or {@code null}
	 */
	public String scope(String team) {
		return scope(team, false);
	}

	/**
	 * What the report's figures cover, over one account or several.
	 * @param team the team of a team's run, or {@code null}
	 */
	public String scope(String team, boolean severalAccounts) {
		if (team != null) {
			return "Team " + team;
		}
		if (!applications.selectsAll()) {
			return "The selected applications";
		}
		return severalAccounts ? "All accounts" : "The account";
	}

	public boolean has(Section section) {
		return sections.contains(section);
	}

}
