package io.apmreports.web.page;

import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

import io.apmreports.failure.UserFacingException;
import io.apmreports.web.ConsoleActions;
import io.apmreports.web.ConsoleUser;
import io.apmreports.web.Delivered;
import io.apmreports.web.LaunchAnswer;
import io.apmreports.web.NoSuchRun;
import io.apmreports.web.NotAllowed;

/**
 * What the run page's forms do: send a completed run to recipients (each once), show its
 * message as it would be sent, restart and abandon; each answers on the run page in one
 * line.
 */
@Controller
@ConditionalOnWebApplication
class RunActionsPage {

	private final ConsoleActions actions;

	RunActionsPage(ConsoleActions actions) {
		this.actions = actions;
	}

	@PostMapping("/runs/{id}/deliver")
	String deliver(ConsoleUser user, @PathVariable long id, @RequestParam(required = false) String recipients,
			RedirectAttributes flash) {
		try {
			Delivered delivered = actions.deliver(user, id, LaunchForm.recipients(recipients));
			return back(id, delivered.message(), flash);
		}
		catch (NoSuchRun | NotAllowed ex) {
			throw ex;
		}
		catch (UserFacingException ex) {
			return back(id, ex.getMessage(), flash);
		}
	}

	/** The message as it would be sent to {@code to}; nothing is sent. */
	@GetMapping("/runs/{id}/preview")
	String preview(ConsoleUser user, @PathVariable long id, @RequestParam(required = false) String to, Model model) {
		model.addAttribute("user", user);
		model.addAttribute("runId", id);
		model.addAttribute("preview", actions.preview(user, id, to == null || to.isBlank() ? null : to.strip()));
		return "preview";
	}

	@PostMapping("/runs/{id}/restart")
	String restart(ConsoleUser user, @PathVariable long id, RedirectAttributes flash) {
		try {
			LaunchAnswer answer = actions.restart(user, id);
			// the new attempt is where the run goes on: its page shows it live
			return back(answer.runId() == null ? id : answer.runId(), answer.message(), flash);
		}
		catch (NoSuchRun | NotAllowed ex) {
			throw ex;
		}
		catch (UserFacingException ex) {
			return back(id, ex.getMessage(), flash);
		}
	}

	@PostMapping("/runs/{id}/abandon")
	String abandon(ConsoleUser user, @PathVariable long id, RedirectAttributes flash) {
		try {
			return back(id, actions.abandon(user, id), flash);
		}
		catch (NoSuchRun | NotAllowed ex) {
			throw ex;
		}
		catch (UserFacingException ex) {
			return back(id, ex.getMessage(), flash);
		}
	}

	private static String back(long id, String line, RedirectAttributes flash) {
		flash.addFlashAttribute("flash", line);
		return "redirect:/runs/" + id;
	}

}
