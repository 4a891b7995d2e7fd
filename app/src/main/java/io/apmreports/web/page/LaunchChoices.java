package io.apmreports.web.page;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.stereotype.Component;

import io.apmreports.definition.ReportDefinitions;
import io.apmreports.definition.ScheduleDefinition;
import io.apmreports.definition.ScheduleDefinitions;
import io.apmreports.failure.UserFacingException;
import io.apmreports.source.SourceProperties;
import io.apmreports.web.ConsoleUser;

/**
 * What the launch form offers a user: the reports of the definitions, the teams the
 * schedules fan them out to that the user sees, and the accounts this console reads.
 */
@Component
@ConditionalOnWebApplication
class LaunchChoices {

	private final ReportDefinitions reports;

	private final ScheduleDefinitions schedules;

	private final SourceProperties source;

	LaunchChoices(ReportDefinitions reports, ScheduleDefinitions schedules, SourceProperties source) {
		this.reports = reports;
		this.schedules = schedules;
		this.source = source;
	}

	/**
	 * A report to choose.
	 *
	 * @param name its definition's name
	 * @param title its title
	 */
	record Report(String name, String title) {
	}

	/**
	 * Every definition that reads, by name; one that does not is left out of the form.
	 */
	List<Report> reports() {
		List<Report> all = new ArrayList<>();
		for (String name : reports.names()) {
			try {
				all.add(new Report(name, reports.load(name).title()));
			}
			catch (UserFacingException ex) {
				// a broken definition is told by validate and by a run of it, not here
			}
		}
		return all;
	}

	/**
	 * The teams a user may launch {@code report} for: those of the schedules fanning it
	 * out that the user sees, sorted.
	 */
	List<String> teams(ConsoleUser user, String report) {
		TreeSet<String> teams = new TreeSet<>();
		for (String name : schedules.names()) {
			try {
				for (ScheduleDefinition schedule : schedules.load(name).perTeam()) {
					if (schedule.report().equals(report) && schedule.team() != null
							&& user.sees(schedule.team().name())) {
						teams.add(schedule.team().name());
					}
				}
			}
			catch (UserFacingException ex) {
				// a broken schedule fans nothing out; validate tells it
			}
		}
		return List.copyOf(teams);
	}

	/**
	 * An account a launch may read.
	 *
	 * @param id its id
	 * @param label its name and id, as the form shows it
	 */
	record AccountOption(long id, String label) {
	}

	/**
	 * The accounts a launch may choose among: none to choose where the console reads one
	 * (or the demo's).
	 */
	List<AccountOption> accountOptions() {
		List<Long> ids = source.accountId() == null ? List.of() : source.accountId();
		Map<Long, String> names = source.accountNames();
		return ids.size() < 2 ? List.of()
				: ids.stream()
					.map(id -> new AccountOption(id,
							names.containsKey(id) ? names.get(id) + " (account " + id + ")" : "account " + id))
					.toList();
	}

	/**
	 * The accounts a launch reads, as {@code apm.account-id} and
	 * {@code apm.account-names} give them.
	 */
	String accounts() {
		List<Long> ids = source.accountId() == null ? List.of() : source.accountId();
		if (ids.isEmpty()) {
			return source.demo() ? "the demo account" : "none set (apm.account-id)";
		}
		Map<Long, String> names = source.accountNames();
		return String.join(", ",
				ids.stream()
					.map(id -> names.containsKey(id) ? names.get(id) + " (account " + id + ")" : "account " + id)
					.toList());
	}

}
