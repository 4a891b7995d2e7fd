package io.apmreports.web.api;

import java.util.List;

import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import io.apmreports.web.ConsoleUser;
import io.apmreports.web.ScheduleCatalog;

/**
 * The schedules a user or a token may see: what each sends to whom and when, its next
 * fire and its latest run.
 */
@RestController
@ConditionalOnWebApplication
class SchedulesApi {

	private final ScheduleCatalog catalog;

	SchedulesApi(ScheduleCatalog catalog) {
		this.catalog = catalog;
	}

	@GetMapping("/api/schedules")
	List<ScheduleCatalog.Entry> schedules(ConsoleUser user) {
		return catalog.schedules(user);
	}

}
