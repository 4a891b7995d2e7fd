package io.apmreports.web.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;

import org.junit.jupiter.api.Test;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;

import io.apmreports.web.LaunchAnswer;
import io.apmreports.web.LaunchAnswer.Status;

/** The HTTP status of each way a launch is answered. */
class ActionsApiTests {

	@Test
	void aStartedRunIsAcceptedWithWhereToFollowIt() {
		ResponseEntity<?> answer = ActionsApi.answer(new LaunchAnswer(Status.STARTED, 12L, "run 12 started"));

		assertThat(answer.getStatusCode()).isEqualTo(HttpStatus.ACCEPTED);
		assertThat(answer.getHeaders().getLocation()).isEqualTo(URI.create("/api/runs/12"));
	}

	@Test
	void anExistingRunIsOkAndAWaitingLaunchAccepted() {
		assertThat(ActionsApi.answer(new LaunchAnswer(Status.EXISTING, 7L, "completed before")).getStatusCode())
			.isEqualTo(HttpStatus.OK);
		assertThat(ActionsApi.answer(new LaunchAnswer(Status.WAITING, null, "waits")).getStatusCode())
			.isEqualTo(HttpStatus.ACCEPTED);
	}

	@Test
	void aLaunchBusyElsewhereIsAConflictProblemWithItsLine() {
		ResponseEntity<?> answer = ActionsApi.answer(new LaunchAnswer(Status.BUSY, null, "busy in another process"));

		assertThat(answer.getStatusCode()).isEqualTo(HttpStatus.CONFLICT);
		assertThat(answer.getBody()).isInstanceOfSatisfying(ProblemDetail.class,
				problem -> assertThat(problem.getDetail()).isEqualTo("busy in another process"));
	}

}
