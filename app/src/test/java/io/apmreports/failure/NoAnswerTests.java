package io.apmreports.failure;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.UnresolvedAddressException;

import org.junit.jupiter.api.Test;
import org.springframework.web.client.ResourceAccessException;

class NoAnswerTests {

	@Test
	void noAnswerIsSaidInAUsersWordsWithoutTheJdksClassNames() {
		assertThat(NoAnswer.why(wrapped(new SocketTimeoutException("Read timed out")))).isEqualTo("timed out");
		assertThat(NoAnswer.why(wrapped(new ConnectException("Connection refused")))).isEqualTo("connection refused");
		assertThat(NoAnswer.why(wrapped(new UnknownHostException("api.example.com")))).isEqualTo("unknown host");
		assertThat(NoAnswer.why(wrapped(new ClosedChannelException())))
			.isEqualTo("connection closed before the answer was complete")
			.doesNotContain("Exception");
	}

	@Test
	void theOutermostCauseThatSaysWhatHappenedIsTheOneTold() {
		// given Java's HttpClient: a refused connection around the channel it closed, an
		// unknown host as an unresolved address under a plain I/O failure
		ConnectException refused = new ConnectException();
		refused.initCause(new ClosedChannelException());
		IOException unresolved = new IOException("x");
		unresolved.initCause(new UnresolvedAddressException());

		// then
		assertThat(NoAnswer.why(wrapped(refused))).isEqualTo("connection refused");
		assertThat(NoAnswer.why(wrapped(unresolved))).isEqualTo("unknown host");
	}

	private static ResourceAccessException wrapped(IOException cause) {
		return new ResourceAccessException("I/O error on GET request for \"https://hooks.example.com/secret\"", cause);
	}

}
