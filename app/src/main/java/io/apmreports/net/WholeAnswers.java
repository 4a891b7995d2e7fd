package io.apmreports.net;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.client.ClientHttpResponse;

/**
 * An answer read to its end before anyone parses it. A body cut off before the length it
 * promised then fails as the request itself, a failure to get an answer that every client
 * tries again, rather than as a parser's complaint that a client would take for a bad
 * answer: REST, NerdGraph and the webhooks all meet a cut-off body alike.
 */
final class WholeAnswers implements ClientHttpResponse {

	private final ClientHttpResponse answer;

	private final byte[] body;

	private WholeAnswers(ClientHttpResponse answer, byte[] body) {
		this.answer = answer;
		this.body = body;
	}

	/**
	 * {@code answer} with its body read; the answer is closed if reading fails.
	 * @throws IOException when the connection closed before the body was complete
	 */
	static ClientHttpResponse read(ClientHttpResponse answer) throws IOException {
		try (InputStream in = answer.getBody()) {
			return new WholeAnswers(answer, in.readAllBytes());
		}
		catch (IOException ex) {
			answer.close();
			throw ex;
		}
	}

	@Override
	public HttpStatusCode getStatusCode() throws IOException {
		return answer.getStatusCode();
	}

	@Override
	public String getStatusText() throws IOException {
		return answer.getStatusText();
	}

	@Override
	public HttpHeaders getHeaders() {
		return answer.getHeaders();
	}

	@Override
	public InputStream getBody() {
		return new ByteArrayInputStream(body);
	}

	@Override
	public void close() {
		answer.close();
	}

}
