package io.apmreports.web.page;

import java.util.ArrayList;
import java.util.List;

import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;

import io.apmreports.failure.UserFacingException;
import io.apmreports.web.ConsoleActions;
import io.apmreports.web.ConsoleUser;
import io.apmreports.web.LaunchAnswer;
import io.apmreports.web.NotAllowed;
import io.apmreports.web.RangeChoice;
import io.apmreports.web.Role;
import io.apmreports.web.RunCatalog;

/**
 * The launch form: a report, a range shown in words before it runs, a team or the whole
 * selection, and who gets it; a report and range that completed before is offered as its
 * run rather than run again, unless asked.
 */
@Controller
@ConditionalOnWebApplication
class LaunchPage {

	private final LaunchChoices choices;

	private final ConsoleActions actions;

	private final RunCatalog catalog;

	LaunchPage(LaunchChoices choices, ConsoleActions actions, RunCatalog catalog) {
		this.choices = choices;
		this.actions = actions;
		this.catalog = catalog;
	}

	@GetMapping("/launch")
	String form(ConsoleUser user, LaunchForm form, Model model) {
		return render(user, form, null, null, model);
	}

	/**
	 * Runs the form's choice ({@code run}: files only; {@code send}: and to its
	 * recipients), or shows it again checked ({@code check}).
	 */
	@PostMapping("/launch")
	String launch(ConsoleUser user, LaunchForm form, @RequestParam(defaultValue = "check") String action, Model model) {
		requireLauncher(user);
		if (action.equals("check")) {
			return render(user, form, null, null, model);
		}
		boolean send = action.equals("send");
		if (send && form.recipientList().isEmpty()) {
			return render(user, form, "name who gets it under “Send to”, or choose Run", null, model);
		}
		LaunchAnswer answer;
		try {
			answer = actions.launch(user, form.choice(send));
		}
		catch (UserFacingException ex) {
			return render(user, form, ex.getMessage(), null, model);
		}
		return switch (answer.status()) {
			case STARTED -> "redirect:/runs/" + answer.runId();
			case EXISTING -> render(user, form, null, answer.runId(), model);
			case BUSY, WAITING -> render(user, form, answer.message(), null, model);
		};
	}

	private String render(ConsoleUser user, LaunchForm asked, String failure, Long completedIn, Model model) {
		requireLauncher(user);
		List<LaunchChoices.Report> reports = choices.reports();
		String firstReport = reports.isEmpty() ? null : reports.get(0).name();
		String report = asked.report() == null || asked.report().isBlank() ? firstReport : asked.report();
		List<String> teams = teamsOf(user, report);
		LaunchForm form = asked.orDefaults(firstReport, teams.isEmpty() ? null : teams.get(0));
		model.addAttribute("user", user);
		model.addAttribute("form", form);
		model.addAttribute("reports", reports);
		model.addAttribute("teams", teams);
		model.addAttribute("accounts", choices.accounts());
		model.addAttribute("accountOptions", choices.accountOptions());
		model.addAttribute("failure", failure);
		model.addAttribute("offer", completedIn == null ? null : catalog.run(user, completedIn));
		if (report != null) {
			try {
				model.addAttribute("words", actions.rangeInWords(report, RangeChoice.parse(form.range()),
						form.from() == null ? null : form.from().toString(), form.end()));
			}
			catch (UserFacingException ex) {
				model.addAttribute("rangeProblem", ex.getMessage());
			}
		}
		return "launch";
	}

	/**
	 * The team field's choices: {@code -}, the whole selection, for whoever sees runs of
	 * no team, then the teams the user sees that the report fans out to.
	 */
	private List<String> teamsOf(ConsoleUser user, String report) {
		List<String> teams = new ArrayList<>(report == null ? List.of() : choices.teams(user, report));
		if (user.sees(null)) {
			teams.add(0, LaunchForm.WHOLE);
		}
		return teams;
	}

	private static void requireLauncher(ConsoleUser user) {
		if (!user.may(Role.LAUNCHER)) {
			throw new NotAllowed(user, Role.LAUNCHER, "launching a run");
		}
	}

}
