package io.apmreports.web.page;

import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.core.io.Resource;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;

import io.apmreports.web.ConsoleUser;
import io.apmreports.web.RunFiles;

/** The run page's links to its files: only the run's own, each as a download. */
@Controller
@ConditionalOnWebApplication
class RunFilesPage {

	private final RunFiles files;

	RunFilesPage(RunFiles files) {
		this.files = files;
	}

	@GetMapping("/runs/{id}/files/{name}")
	ResponseEntity<Resource> download(ConsoleUser user, @PathVariable long id, @PathVariable String name) {
		return files.file(user, id, name).download();
	}

}
