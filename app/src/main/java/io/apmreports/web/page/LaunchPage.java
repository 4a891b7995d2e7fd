package io.apmreports.web.page;

import java.util.ArrayList;
import java.util.List;

import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;

import io.apmreports.failure.UserFacingException;
import io.apmreports.range.TimeRange;
import io.apmreports.web.ConsoleUser;
import io.apmreports.web.NotAllowed;
import io.apmreports.web.Role;

/**
 * The launch form: a report, a range shown in words before it runs, a team or the whole
 * selection, and who gets it; a report and range that completed before is offered as its
 * run.
 */
@Controller
@ConditionalOnWebApplication
class LaunchPage {

	private final LaunchChoices choices;

	LaunchPage(LaunchChoices choices) {
		this.choices = choices;
	}

	@GetMapping("/launch")
	String form(ConsoleUser user, LaunchForm form, Model model) {
		return render(user, form, null, model);
	}

	String render(ConsoleUser user, LaunchForm asked, String failure, Model model) {
		requireLauncher(user);
		List<LaunchChoices.Report> reports = choices.reports();
		String firstReport = reports.isEmpty() ? null : reports.get(0).name();
		List<String> teams = teamsOf(user,
				asked.report() == null || asked.report().isBlank() ? firstReport : asked.report());
		LaunchForm form = asked.orDefaults(firstReport, teams.isEmpty() ? null : teams.get(0));
		model.addAttribute("user", user);
		model.addAttribute("form", form);
		model.addAttribute("reports", reports);
		model.addAttribute("teams", teams);
		model.addAttribute("accounts", choices.accounts());
		model.addAttribute("failure", failure);
		if (form.report() != null) {
			try {
				TimeRange range = choices.range(form.report(), form.range(), form.from(), form.last());
				model.addAttribute("words", choices.words(form.report(), range));
			}
			catch (UserFacingException ex) {
				model.addAttribute("rangeProblem", ex.getMessage());
			}
		}
		return "launch";
	}

	/**
	 * The team field's choices: the teams the user sees that the report fans out to, and
	 * {@code -}, the whole selection, for whoever sees runs of no team.
	 */
	private List<String> teamsOf(ConsoleUser user, String report) {
		List<String> teams = new ArrayList<>(report == null ? List.of() : choices.teams(user, report));
		if (user.sees(null)) {
			teams.add(0, LaunchForm.WHOLE);
		}
		return teams;
	}

	static void requireLauncher(ConsoleUser user) {
		if (!user.may(Role.LAUNCHER)) {
			throw new NotAllowed(user, Role.LAUNCHER, "launching a run");
		}
	}

}
