package io.apmreports.web.page;

import java.time.LocalDate;

import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.format.annotation.DateTimeFormat;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;

import io.apmreports.web.ConsoleUser;
import io.apmreports.web.RunCatalog;
import io.apmreports.web.RunFilter;

/** Every run the user may see, newest first, filtered and paged. */
@Controller
@ConditionalOnWebApplication
class RunsPage {

	private final RunCatalog catalog;

	RunsPage(RunCatalog catalog) {
		this.catalog = catalog;
	}

	@GetMapping("/")
	String home() {
		return "redirect:/runs";
	}

	@GetMapping("/runs")
	String runs(ConsoleUser user, @RequestParam(required = false) String report,
			@RequestParam(required = false) String team, @RequestParam(required = false) String account,
			@RequestParam(required = false) String status,
			@RequestParam(required = false) @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) LocalDate since,
			@RequestParam(required = false) @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) LocalDate until,
			@RequestParam(defaultValue = "0") int page, Model model) {
		RunFilter filter = new RunFilter(report, team, account, status, since, until, page, 25);
		model.addAttribute("user", user);
		model.addAttribute("filter", filter);
		model.addAttribute("page", catalog.runs(user, filter));
		return "runs";
	}

}
