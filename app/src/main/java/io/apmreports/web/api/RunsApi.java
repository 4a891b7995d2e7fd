package io.apmreports.web.api;

import java.time.LocalDate;

import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.format.annotation.DateTimeFormat;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import io.apmreports.web.ConsoleUser;
import io.apmreports.web.RunCatalog;
import io.apmreports.web.RunFilter;

/** The runs a user or a token may see, as JSON. */
@RestController
@ConditionalOnWebApplication
@RequestMapping("/api/runs")
class RunsApi {

	private final RunCatalog catalog;

	RunsApi(RunCatalog catalog) {
		this.catalog = catalog;
	}

	@GetMapping
	ApiRun.Page runs(ConsoleUser user, @RequestParam(required = false) String report,
			@RequestParam(required = false) String team, @RequestParam(required = false) String account,
			@RequestParam(required = false) String status,
			@RequestParam(required = false) @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) LocalDate since,
			@RequestParam(required = false) @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) LocalDate until,
			@RequestParam(defaultValue = "0") int page, @RequestParam(defaultValue = "25") int size) {
		RunCatalog.Page found = catalog.runs(user,
				new RunFilter(report, team, account, status, since, until, page, size));
		return new ApiRun.Page(found.runs().stream().map(ApiRun::of).toList(), found.page(), found.more());
	}

	@GetMapping("/{id}")
	ApiRun run(ConsoleUser user, @PathVariable long id) {
		return ApiRun.of(catalog.run(user, id));
	}

}
