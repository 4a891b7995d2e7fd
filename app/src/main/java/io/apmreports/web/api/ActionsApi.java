package io.apmreports.web.api;

import java.net.URI;
import java.util.List;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import io.apmreports.web.ConsoleActions;
import io.apmreports.web.ConsoleUser;
import io.apmreports.web.Delivered;
import io.apmreports.web.LaunchAnswer;
import io.apmreports.web.LaunchChoice;
import io.apmreports.web.MessagePreview;
import io.apmreports.web.RangeChoice;

/**
 * The console's actions over HTTP: launch, preview, deliver, restart, abandon; each
 * checked and recorded as the pages' are.
 */
@RestController
@ConditionalOnWebApplication
@Tag(name = "Actions", description = "Launch reports, preview and resend runs, restart and abandon them")
class ActionsApi {

	private final ConsoleActions actions;

	ActionsApi(ConsoleActions actions) {
		this.actions = actions;
	}

	/**
	 * A launch as JSON.
	 *
	 * @param report the report's name
	 * @param range {@code last-week} (when none is given), {@code last-month} or
	 * {@code custom}
	 * @param from a custom range's start: a date (midnight in the report's zone) or ISO
	 * 8601 with an offset
	 * @param to a custom range's end, excluded
	 * @param team a team's share of the report; none for the whole selection
	 * @param force run a report and range again that completed before
	 * @param recipients who gets the report once it completes; none to only write files
	 * @param accounts which of the accounts the console reads (their ids); none for all
	 */
	record LaunchBody(String report, String range, String from, String to, String team, Boolean force,
			List<String> recipients, List<Long> accounts) {

		LaunchChoice choice() {
			return new LaunchChoice(report, RangeChoice.parse(range), from, to, team, Boolean.TRUE.equals(force),
					recipients, accounts);
		}

	}

	/**
	 * Recipients to send a completed run to.
	 *
	 * @param recipients e-mail addresses and chat channels; none for the run's own
	 */
	record DeliveryBody(List<String> recipients) {
	}

	/**
	 * What an abandon did.
	 *
	 * @param runId the run asked to be abandoned
	 * @param message one line saying what became of it
	 */
	record Abandoned(long runId, String message) {
	}

	@PostMapping("/api/launches")
	@Operation(summary = "Launch a report for a range",
			description = "202 with the run's id once it has started; 200 with the run that completed the same "
					+ "report and range before, unless force is given; 409 when another node runs it right now")
	ResponseEntity<?> launch(ConsoleUser user, @RequestBody LaunchBody body) {
		return answer(actions.launch(user, body.choice()));
	}

	@GetMapping("/api/runs/{id}/preview")
	@Operation(summary = "The e-mail a recipient would get for a completed run, sending nothing")
	MessagePreview preview(ConsoleUser user, @PathVariable long id, @RequestParam(required = false) String to) {
		return actions.preview(user, id, to);
	}

	@PostMapping("/api/runs/{id}/deliveries")
	@Operation(summary = "Send a completed run to recipients, once each",
			description = "Whoever had the run's report before gets nothing again; the message says who")
	Delivered deliver(ConsoleUser user, @PathVariable long id, @RequestBody(required = false) DeliveryBody body) {
		return actions.deliver(user, id, body == null || body.recipients() == null ? List.of() : body.recipients());
	}

	@PostMapping("/api/runs/{id}/restart")
	@Operation(summary = "Restart a failed, stopped or killed run from its last committed chunk")
	ResponseEntity<?> restart(ConsoleUser user, @PathVariable long id) {
		return answer(actions.restart(user, id));
	}

	@PostMapping("/api/runs/{id}/abandon")
	@Operation(summary = "Abandon a run that is not going on, so that it is never restarted")
	Abandoned abandon(ConsoleUser user, @PathVariable long id) {
		return new Abandoned(id, actions.abandon(user, id));
	}

	/**
	 * 202 for a run started (or waiting for a thread), 200 for one that completed before,
	 * 409 as a problem for a run busy in another process.
	 */
	static ResponseEntity<?> answer(LaunchAnswer answer) {
		return switch (answer.status()) {
			case STARTED -> ResponseEntity.accepted().location(URI.create("/api/runs/" + answer.runId())).body(answer);
			case WAITING -> ResponseEntity.accepted().body(answer);
			case EXISTING -> ResponseEntity.ok(answer);
			case BUSY -> ResponseEntity.status(HttpStatus.CONFLICT)
				.body(ProblemDetail.forStatusAndDetail(HttpStatus.CONFLICT, answer.message()));
		};
	}

}
