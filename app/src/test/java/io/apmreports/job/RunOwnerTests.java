package io.apmreports.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;

import net.javacrumbs.shedlock.support.Utils;
import org.junit.jupiter.api.Test;

class RunOwnerTests {

	private static final String HOST = Utils.getHostname();

	@Test
	void aProcessOfThisHostThatEndedIsDead() throws IOException, InterruptedException {
		// given a process that has ended
		Process ended = new ProcessBuilder(ProcessHandle.current().info().command().orElseThrow(), "-version")
			.redirectErrorStream(true)
			.redirectOutput(ProcessBuilder.Redirect.DISCARD)
			.start();
		ended.waitFor();

		// when / then
		assertThat(RunOwner.deadOnThisHost(HOST + ":" + ended.pid())).contains(ended.pid());
	}

	@Test
	void aLiveProcessWithTheSameIdButAnotherStartIsANewProcessAndTheOwnerIsDead() {
		// given a container restarted with the same host name, whose new process got the
		// owner's id
		ProcessHandle parent = ProcessHandle.current().parent().orElseThrow();
		long started = parent.info().startInstant().orElseThrow().toEpochMilli();

		// when / then
		assertThat(RunOwner.deadOnThisHost(HOST + ":" + parent.pid() + ":" + (started - 60_000)))
			.contains(parent.pid());
		assertThat(RunOwner.deadOnThisHost(HOST + ":" + parent.pid() + ":" + started)).isEmpty();
	}

	@Test
	void aLiveProcessThisOneAnotherHostOrNonsenseProveNothing() {
		long parent = ProcessHandle.current().parent().orElseThrow().pid();

		assertThat(RunOwner.deadOnThisHost(HOST + ":" + parent)).isEmpty();
		assertThat(RunOwner.deadOnThisHost(RunOwner.current())).isEmpty();
		assertThat(RunOwner.deadOnThisHost("another-" + HOST + ":1")).isEmpty();
		assertThat(RunOwner.deadOnThisHost(HOST + ":not-a-pid")).isEmpty();
		assertThat(RunOwner.deadOnThisHost(null)).isEmpty();
	}

}
