package io.apmreports.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.Test;

import io.apmreports.failure.RunFailedException;
import io.apmreports.failure.UserFacingException;
import io.apmreports.range.TimeRange;
import io.apmreports.run.ReportOutcome;
import io.apmreports.web.LaunchAnswer.Status;

/** What the user is told of a launch, by what of it is known when they are answered. */
class LaunchThreadsTests {

	private static final String WHAT = "report weekly-performance for last week";

	private static final TimeRange RANGE = new TimeRange(OffsetDateTime.parse("2026-11-09T00:00:00+01:00"),
			OffsetDateTime.parse("2026-11-16T00:00:00+01:00"));

	private final CompletableFuture<Long> started = new CompletableFuture<>();

	private final CompletableFuture<ReportOutcome> outcome = new CompletableFuture<>();

	@Test
	void aRunThatStartedIsAnsweredWithItsIdWhileItGoesOn() {
		started.complete(42L);

		LaunchAnswer answer = LaunchThreads.answer(WHAT, started, outcome, Duration.ZERO);

		assertThat(answer).isEqualTo(new LaunchAnswer(Status.STARTED, 42L, WHAT + ": run 42 started"));
	}

	@Test
	void aLaunchBusyInAnotherProcessIsAnsweredSoWithoutARun() {
		outcome.complete(outcome(ReportOutcome.Result.BUSY, null, WHAT + " is being run by another process right now"));

		LaunchAnswer answer = LaunchThreads.answer(WHAT, started, outcome, Duration.ZERO);

		assertThat(answer)
			.isEqualTo(new LaunchAnswer(Status.BUSY, null, WHAT + " is being run by another process right now"));
	}

	@Test
	void aLaunchThatFoundItsRangeCompletedIsAnsweredWithThatRun() {
		outcome.complete(outcome(ReportOutcome.Result.ALREADY_COMPLETED, 7L, "completed before in run 7"));

		LaunchAnswer answer = LaunchThreads.answer(WHAT, started, outcome, Duration.ZERO);

		assertThat(answer).isEqualTo(new LaunchAnswer(Status.EXISTING, 7L, "completed before in run 7"));
	}

	@Test
	void aLaunchRefusedBeforeItStartedIsTheRefusalsOneLine() {
		outcome.completeExceptionally(new UserFacingException("e-mail delivery needs an SMTP server"));

		assertThatThrownBy(() -> LaunchThreads.answer(WHAT, started, outcome, Duration.ZERO))
			.isInstanceOf(UserFacingException.class)
			.hasMessage("e-mail delivery needs an SMTP server");
	}

	@Test
	void anUnforeseenFailureIsToldInTheProjectsWords() {
		outcome.completeExceptionally(new IllegalStateException("pool closed"));

		assertThatThrownBy(() -> LaunchThreads.answer(WHAT, started, outcome, Duration.ZERO))
			.isInstanceOf(RunFailedException.class)
			.hasMessageStartingWith(WHAT + " could not start: ");
	}

	@Test
	void aLaunchWaitingForAThreadIsSaidToWaitWithoutARun() {
		LaunchAnswer answer = LaunchThreads.answer(WHAT, started, outcome, Duration.ZERO);

		assertThat(answer.status()).isEqualTo(Status.WAITING);
		assertThat(answer.runId()).isNull();
		assertThat(answer.message()).startsWith(WHAT + " waits for one of the console's launches to end");
	}

	private static ReportOutcome outcome(ReportOutcome.Result result, Long id, String message) {
		return new ReportOutcome(result, id, RANGE, List.of(), message, null, List.of());
	}

}
