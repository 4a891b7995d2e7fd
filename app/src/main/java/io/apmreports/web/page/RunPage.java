package io.apmreports.web.page;

import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.core.io.ClassPathResource;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;

import io.apmreports.web.ConsoleUser;
import io.apmreports.web.Role;
import io.apmreports.web.RunDetail;

/**
 * The page of one run: its figures, files, deliveries and failure, and while it goes on,
 * a part that {@code live.js} polls until it ends.
 */
@Controller
@ConditionalOnWebApplication
class RunPage {

	/**
	 * The resend form and the log of actions on a run are fragments of their own, which
	 * the page shows once they are there.
	 */
	private static final boolean ACTIONS = new ClassPathResource("templates/actions.html").exists();

	private final RunDetail detail;

	RunPage(RunDetail detail) {
		this.detail = detail;
	}

	@GetMapping("/runs/{id}")
	String run(ConsoleUser user, @PathVariable long id, Model model) {
		model.addAttribute("user", user);
		RunDetail.View view = detail.of(user, id);
		model.addAttribute("view", view);
		model.addAttribute("live", view.live());
		model.addAttribute("admin", user.may(Role.ADMIN));
		model.addAttribute("actions", ACTIONS);
		return "run";
	}

	/** The status part alone, which the page polls while the run goes on. */
	@GetMapping("/runs/{id}/progress")
	String progress(ConsoleUser user, @PathVariable long id, Model model) {
		model.addAttribute("live", detail.live(user, id));
		return "run :: progress";
	}

}
