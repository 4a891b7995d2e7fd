package io.apmreports.web.api;

import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.core.io.Resource;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

import io.apmreports.web.ConsoleUser;
import io.apmreports.web.RunFiles;

/** A run's files for a user or a token that may see the run: only its own. */
@RestController
@ConditionalOnWebApplication
class RunFilesApi {

	private final RunFiles files;

	RunFilesApi(RunFiles files) {
		this.files = files;
	}

	@GetMapping("/api/runs/{id}/files/{name}")
	ResponseEntity<Resource> download(ConsoleUser user, @PathVariable long id, @PathVariable String name) {
		return files.file(user, id, name).download();
	}

}
