package io.apmreports.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.net.ConnectException;
import java.net.URI;
import java.nio.channels.UnresolvedAddressException;
import java.nio.charset.StandardCharsets;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.client.ClientHttpResponse;
import org.springframework.mock.http.client.MockClientHttpRequest;
import org.springframework.mock.http.client.MockClientHttpResponse;

import io.apmreports.failure.Unreachable;

class NamedFailuresTests {

	private static final URI GRAPHQL = URI.create("http://127.0.0.1:8080/graphql");

	private final NamedFailures interceptor = new NamedFailures(Proxies.none());

	private final ListAppender<ILoggingEvent> console = new ListAppender<>();

	private final Logger logger = (Logger) LoggerFactory.getLogger(NamedFailures.class);

	@BeforeEach
	void listen() {
		console.start();
		logger.addAppender(console);
	}

	@AfterEach
	void stopListening() {
		logger.detachAppender(console);
	}

	@Test
	void aBodyCutOffIsARequestWithoutAnAnswerNotAnUnreadableOne() {
		// given an answer 200 whose connection closes half-way through its body
		InputStream cutOff = new SequenceInputStream(
				new ByteArrayInputStream("{\"data\":{\"actor\":".getBytes(StandardCharsets.UTF_8)), new InputStream() {
					@Override
					public int read() throws IOException {
						throw new IOException("EOF reached while reading");
					}
				});

		// when it is asked
		Unreachable failure = catchThrowableOfType(Unreachable.class,
				() -> interceptor.intercept(new MockClientHttpRequest(HttpMethod.POST, GRAPHQL), new byte[0],
						(request, body) -> new MockClientHttpResponse(cutOff, HttpStatus.OK)));

		// then it failed as the request, in words, and may be tried again
		assertThat(failure).hasMessage("connection to 127.0.0.1:8080 closed before the answer was complete");
		assertThat(failure.lasting()).isFalse();
	}

	@Test
	void aWholeBodyIsHandedOnAsItCame() throws IOException {
		// given
		byte[] whole = "{\"data\":{}}".getBytes(StandardCharsets.UTF_8);

		// when
		ClientHttpResponse answer = interceptor.intercept(new MockClientHttpRequest(HttpMethod.POST, GRAPHQL),
				new byte[0], (request, body) -> new MockClientHttpResponse(whole, HttpStatus.OK));

		// then
		assertThat(answer.getStatusCode()).isEqualTo(HttpStatus.OK);
		assertThat(answer.getBody().readAllBytes()).isEqualTo(whole);
	}

	@Test
	void theConsoleSaysWhyInWordsWithoutAClassName() {
		// given a host whose name does not resolve, as Java's client tells it
		ConnectException unresolved = new ConnectException();
		unresolved.initCause(new UnresolvedAddressException());

		// when
		catchThrowableOfType(Unreachable.class, () -> interceptor
			.intercept(new MockClientHttpRequest(HttpMethod.POST, GRAPHQL), new byte[0], (request, body) -> {
				throw unresolved;
			}));

		// then
		assertThat(console.list).singleElement()
			.extracting(ILoggingEvent::getFormattedMessage)
			.asString()
			.contains("unknown host 127.0.0.1")
			.doesNotContain("java.", "Exception");
	}

}
