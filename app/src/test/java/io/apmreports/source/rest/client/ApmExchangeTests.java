package io.apmreports.source.rest.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.nio.channels.ClosedChannelException;

import org.junit.jupiter.api.Test;
import org.springframework.web.client.ResourceAccessException;

class ApmExchangeTests {

	@Test
	void noAnswerIsSaidInAUsersWordsWithoutTheJdksClassNames() {
		assertThat(ApmExchange.noAnswer(wrapped(new SocketTimeoutException("Read timed out")))).isEqualTo("timed out");
		assertThat(ApmExchange.noAnswer(wrapped(new ConnectException("Connection refused"))))
			.isEqualTo("connection refused");
		assertThat(ApmExchange.noAnswer(wrapped(new UnknownHostException("api.example.com"))))
			.isEqualTo("unknown host");
		assertThat(ApmExchange.noAnswer(wrapped(new ClosedChannelException())))
			.isEqualTo("connection closed before the answer was complete")
			.doesNotContain("Exception");
	}

	private static ResourceAccessException wrapped(IOException cause) {
		return new ResourceAccessException("I/O error on GET request", cause);
	}

}
