package io.apmreports.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;

import org.junit.jupiter.api.Test;

import io.apmreports.job.DeliverTasklet.Failure;

class DeliverTaskletTests {

	@Test
	void aFailureIsKeptTypedAndReadBackFromTheContextAsItWas() throws Exception {
		// given a failure to send, as the step keeps it in its execution context
		Failure failure = new Failure("ops@example.com", "the mail server refused ops@example.com: 550 no such user");

		// when it is serialized as the job repository keeps a context, and read back
		Object kept = roundTrip(failure);

		// then it is the same failure
		assertThat(Failure.of(kept)).isEqualTo(failure);
	}

	@Test
	void aFailureAnEarlierVersionKeptAsTextIsReadAsTheSameFailure() {
		// given the "key\tmessage" text a step of an earlier version kept
		Object kept = "slack:ops\tSlack answered 404 for slack:ops: no_team";

		// then a restart reads whom it failed to send to, and why
		assertThat(Failure.of(kept)).isEqualTo(new Failure("slack:ops", "Slack answered 404 for slack:ops: no_team"));
	}

	private static Object roundTrip(Object value) throws IOException, ClassNotFoundException {
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
			out.writeObject(value);
		}
		try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
			return in.readObject();
		}
	}

}
