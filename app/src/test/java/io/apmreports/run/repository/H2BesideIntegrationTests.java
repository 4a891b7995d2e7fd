package io.apmreports.run.repository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.apmreports.failure.RunFailedException;
import io.apmreports.testing.ChildJvm;
import io.apmreports.testing.FileLockHolder;

/**
 * What a command and a scheduler make of an H2 file another process holds, and of the
 * address file a scheduler leaves: used while its scheduler lives, ignored once it is
 * gone.
 */
class H2BesideIntegrationTests {

	@TempDir
	Path workDir;

	private H2File file;

	private Process holder;

	@BeforeEach
	void holdTheFileInAnotherProcess() throws IOException {
		file = new H2File(workDir.resolve("apm-reports"));
		Path log = workDir.resolve("holder.log");
		holder = ChildJvm.start(List.of(), FileLockHolder.class, List.of(file.dataFile().toString()), Map.of(), log);
		await().atMost(Duration.ofSeconds(60)).until(() -> Files.readString(log).contains("locked true"));
	}

	@AfterEach
	void stop() throws InterruptedException {
		holder.destroyForcibly().waitFor();
	}

	@Test
	void aCommandConnectsToTheAddressOfALiveScheduler() {
		// given the holder left its address, as a scheduler does
		file.serve(new H2File.Served(40123, "key", holder.pid()));

		// when, then
		assertThat(file.heldElsewhere()).isTrue();
		assertThat(H2Beside.served(file))
			.hasValueSatisfying(served -> assertThat(served.url()).isEqualTo("jdbc:h2:tcp://127.0.0.1:40123/key"));
		assertThat(file.serverFile()).isRegularFile();
	}

	@Test
	void theAddressOfASchedulerThatIsGoneIsIgnored() throws Exception {
		// given an address left by a process that has ended
		Process gone = new ProcessBuilder("true").start();
		gone.waitFor();
		file.serve(new H2File.Served(40123, "key", gone.pid()));

		// when, then: a command opens the file itself, and is told by H2 it is held
		assertThat(file.served()).isEmpty();
		assertThat(H2Beside.served(file)).isEmpty();
	}

	@Test
	void aCommandBesideAnotherCommandIsNotKeptWaiting() {
		// given no address: the holder is a command, which serves nothing

		// when, then: at once, for H2 to say the file is held
		assertThat(file.heldElsewhere()).isTrue();
		assertThat(H2Beside.served(file)).isEmpty();
	}

	@Test
	void aSecondSchedulerIsRefusedAndOneStartingOnceItIsGoneReplacesItsAddress() throws Exception {
		// given a live scheduler's address
		file.serve(new H2File.Served(40123, "key", holder.pid()));

		// when another scheduler starts, then
		assertThatThrownBy(() -> H2Beside.waitedFor(file)).isInstanceOf(RunFailedException.class)
			.hasMessage("another scheduler runs on the job repository " + file.dataFile()
					+ ": one scheduler per data directory (several nodes share a PostgreSQL job repository)");

		// and once that process is gone, a scheduler opens the file and puts its own
		// address, starting, in place of the stale one
		holder.destroyForcibly().waitFor();
		assertThat(H2Beside.waitedFor(file)).isEmpty();
		assertThat(file.served()).contains(H2File.Served.starting(ProcessHandle.current().pid()));
	}

}
