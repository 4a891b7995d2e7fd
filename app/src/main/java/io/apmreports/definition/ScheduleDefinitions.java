package io.apmreports.definition;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.springframework.scheduling.support.CronExpression;

import io.apmreports.failure.Failures;
import io.apmreports.failure.UserFacingException;
import io.apmreports.range.RangeSpec;

/**
 * Loads schedules from a directory ({@code schedules/} by default) and checks every
 * field, the report each one runs included, so that a typo is found when the schedules
 * are validated rather than at 6 on a Monday morning.
 */
public class ScheduleDefinitions {

	/** Where the search for a cron expression's first firing starts. */
	private static final LocalDateTime NEVER_BEFORE = LocalDateTime.of(2000, 1, 1, 0, 0);

	private static final Set<String> FIELDS = Set.of("name", "cron", "zone", "report", "range", "recipients", "enabled",
			"teams", "team-tag", "send-when", "on-failure");

	private static final Set<String> TEAM_FIELDS = Set.of("applications", "recipients");

	private final Path directory;

	private final ReportDefinitions reports;

	public ScheduleDefinitions(Path directory, ReportDefinitions reports) {
		this.directory = directory;
		this.reports = reports;
	}

	/** The names of the schedules in the directory, sorted. */
	public List<String> names() {
		return ReportDefinitions.yamlNames(directory);
	}

	/** The file that holds the schedule {@code name}, whether it exists or not. */
	public Path file(String name) {
		return ReportDefinitions.yamlFile(directory, name);
	}

	public ScheduleDefinition load(String name) {
		Path file = file(name);
		if (name == null || !ReportDefinitions.NAME.matcher(name).matches()) {
			throw new DefinitionException(
					file + ": schedule name '" + name + "' is not valid: use lower-case letters, digits and dashes");
		}
		if (!Files.isRegularFile(file)) {
			throw new DefinitionException("unknown schedule '" + name + "': no file " + file + " (available: "
					+ String.join(", ", names()) + ")");
		}
		Map<String, Object> yaml = ReportDefinitions.read(file, "name, cron, report");
		return parse(name, new Fields(file.toString(), "", yaml, FIELDS));
	}

	private ScheduleDefinition parse(String name, Fields fields) {
		// the name is written out although the file name gives it, so that a copied file
		// cannot run under the name of the one it was copied from
		String declared = fields.requiredText("name");
		if (!declared.equals(name)) {
			throw fields.invalid("name", "'" + declared + "' is not the file's name '" + name + "'");
		}
		CronExpression cron = cron(fields);
		ZoneId zone = fields.zone("zone");
		ReportDefinition report = report(fields);
		RangeSpec range = fields.has("range") ? fields.range("range") : report.range();
		checkCost(fields, report, zone, range);
		List<ScheduleTeam> teams = teams(fields);
		if (!teams.isEmpty() && fields.has("recipients")) {
			throw fields.invalid("recipients",
					"a schedule with teams sends each team's report to its own: give teams.<team>.recipients");
		}
		return new ScheduleDefinition(name, cron, zone, report.name(), range,
				teams.isEmpty() ? recipients(fields, report) : List.of(), fields.optionalBoolean("enabled", true),
				teams, null, sendWhen(fields), fields.has("on-failure") ? recipients(fields, "on-failure") : List.of());
	}

	/**
	 * A cost or ingest report's schedule keeps its UTC days, a service-level report's its
	 * calendar months in the report's zone: a schedule's range starts at midnight in the
	 * schedule's zone, whatever the report's says.
	 */
	private static void checkCost(Fields fields, ReportDefinition report, ZoneId zone, RangeSpec range) {
		if (report.has(Section.SERVICE_LEVELS)) {
			if (!zone.normalized().equals(report.timeZone().normalized())) {
				throw fields.invalid("zone", "'" + zone.getId() + "' will not do for the service-levels section: it "
						+ "tells calendar months in the report's zone, and a schedule's range starts at midnight in "
						+ "its zone; write zone: " + report.timeZone().getId());
			}
			String refusal = ServiceLevelChecks.rangeRefusal(range);
			if (refusal != null) {
				throw fields.invalid("range", refusal.replace("write range:", "leave range out, or write range:"));
			}
		}
		Section section = CostChecks.costSection(report.sections());
		if (section == null) {
			return;
		}
		String zoneRefusal = CostChecks.zoneRefusal(section, zone);
		if (zoneRefusal != null) {
			throw fields.invalid("zone", zoneRefusal + ", and a schedule's range starts at midnight in its zone; "
					+ "write zone: UTC, and the cron's hours in UTC");
		}
		String rangeRefusal = CostChecks.rangeRefusal(section, range);
		if (rangeRefusal != null) {
			throw fields.invalid("range", rangeRefusal.replace("write range:", "leave range out, or write range:"));
		}
	}

	/**
	 * The schedule's recipients: at least one, but for a report that only measures
	 * ingest, which is run for the figures it keeps and may send nothing at all.
	 */
	private static List<String> recipients(Fields fields, ReportDefinition report) {
		boolean measuresOnly = report.sections().equals(Set.of(Section.INGEST));
		if (measuresOnly && fields.isEmpty("recipients")) {
			return List.of();
		}
		return recipients(fields);
	}

	/** {@code always}, {@code regressions}, or a mapping of limits. */
	private static SendWhen sendWhen(Fields fields) {
		if (!fields.has("send-when")) {
			return SendWhen.ALWAYS;
		}
		try {
			if (fields.isMapping("send-when")) {
				Fields limits = fields.section("send-when",
						Set.of("apdex-below", "error-rate-above", "response-time-above", "for"));
				Map<String, String> values = new LinkedHashMap<>();
				limits.names().forEach(limit -> values.put(limit, limits.requiredText(limit)));
				return SendWhen.of(values);
			}
			String text = fields.requiredText("send-when");
			if (!text.equals("always") && !text.equals("regressions")) {
				throw fields.invalid("send-when", "'" + text + "' is not one of " + SendWhen.EXPECTED);
			}
			return SendWhen.parse(text);
		}
		catch (DefinitionException ex) {
			throw ex;
		}
		catch (UserFacingException ex) {
			throw fields.invalid("send-when", ex.getMessage().replaceFirst("^send-when ", ""));
		}
	}

	/**
	 * The teams the report is fanned out over: each with its recipients, and its
	 * applications, or else those tagged with {@code team-tag} and the team's name.
	 */
	private static List<ScheduleTeam> teams(Fields fields) {
		String tag = fields.optionalText("team-tag");
		if (tag != null && !ReportDefinitions.TAG_KEY.matcher(tag).matches()) {
			throw fields.invalid("team-tag", "'" + tag + "' is not a tag key (letters, digits, '.', '_' and '-', up to "
					+ "128 characters, such as team)");
		}
		if (!fields.has("teams")) {
			if (tag != null) {
				throw fields.invalid("team-tag", "goes with teams: list the teams whose tag values it names");
			}
			return List.of();
		}
		Fields teams = fields.mapping("teams", "must be a mapping of team names, each with its recipients");
		List<ScheduleTeam> all = new ArrayList<>();
		for (String team : teams.names()) {
			if (!ReportDefinitions.NAME.matcher(team).matches()) {
				throw teams.invalid(team,
						"'" + team + "' is not a team name: use lower-case letters, digits and dashes");
			}
			Fields one = teams.section(team, TEAM_FIELDS);
			ApplicationFilter applications;
			if (one.has("applications")) {
				applications = Selections.parse(one);
			}
			else if (tag != null) {
				applications = new ApplicationFilter(null, List.of(), List.of(), Map.of(tag, List.of(team)), null);
			}
			else {
				throw one.invalid("applications", "is required, unless team-tag names the tag whose value is the team");
			}
			all.add(new ScheduleTeam(team, applications, recipients(one)));
		}
		return all;
	}

	private static CronExpression cron(Fields fields) {
		String text = fields.requiredText("cron");
		CronExpression cron;
		try {
			cron = CronExpression.parse(text);
		}
		catch (IllegalArgumentException ex) {
			String why = ex.getMessage() == null ? "" : " (" + Failures.firstLine(ex.getMessage()) + ")";
			throw fields.invalid("cron", "'" + text
					+ "' is not a cron expression of 6 fields: second minute hour day-of-month month day-of-week, "
					+ "such as 0 0 6 * * MON" + why);
		}
		// 30 February parses, but Spring's search for its next time finds none: such a
		// schedule would be enabled and never run
		if (cron.next(NEVER_BEFORE) == null) {
			throw fields.invalid("cron", "'" + text + "' never fires: no date has that day of that month "
					+ "(and weekday); the schedule would never run");
		}
		return cron;
	}

	private ReportDefinition report(Fields fields) {
		String text = fields.requiredText("report");
		try {
			return reports.load(text);
		}
		catch (DefinitionException ex) {
			throw fields.invalid("report", ex.getMessage());
		}
	}

	private static List<String> recipients(Fields fields) {
		return recipients(fields, "recipients");
	}

	private static List<String> recipients(Fields fields, String field) {
		List<String> recipients = fields.requiredTexts(field,
				"a list of e-mail addresses and chat channels, such as [ops@example.com, slack:ops]");
		List<String> checked = new ArrayList<>();
		for (String recipient : recipients) {
			try {
				checked.add(Recipient.parse(recipient).toString());
			}
			catch (UserFacingException ex) {
				throw fields.invalid(field, ex.getMessage());
			}
		}
		return checked;
	}

}
