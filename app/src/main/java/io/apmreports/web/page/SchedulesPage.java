package io.apmreports.web.page;

import java.util.List;

import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;

import io.apmreports.failure.UserFacingException;
import io.apmreports.web.ConsoleUser;
import io.apmreports.web.ScheduleCatalog;

/**
 * The schedules the user may see, as their files define them: what each sends to whom and
 * when, its next fire and its latest run.
 */
@Controller
@ConditionalOnWebApplication
class SchedulesPage {

	private final ScheduleCatalog catalog;

	SchedulesPage(ScheduleCatalog catalog) {
		this.catalog = catalog;
	}

	@GetMapping("/schedules")
	String schedules(ConsoleUser user, Model model) {
		model.addAttribute("user", user);
		try {
			model.addAttribute("schedules", catalog.schedules(user));
		}
		catch (UserFacingException ex) {
			// a schedule file with a mistake: its one line, and the page still serves
			model.addAttribute("schedules", List.of());
			model.addAttribute("problem", ex.getMessage());
		}
		return "schedules";
	}

}
