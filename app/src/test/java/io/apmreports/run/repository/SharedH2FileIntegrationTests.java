package io.apmreports.run.repository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.apmreports.failure.RunFailedException;
import io.apmreports.testing.ChildJvm;
import io.apmreports.testing.FileLockHolder;

/**
 * What a process makes of an H2 file another process holds, and of the address file the
 * process that opened it leaves: used while that process lives, ignored once it is gone;
 * and the file opened and served by the first process to come.
 */
class SharedH2FileIntegrationTests {

	@TempDir
	Path workDir;

	private Process holder;

	@AfterEach
	void stop() throws InterruptedException {
		if (holder != null) {
			holder.destroyForcibly().waitFor();
		}
	}

	private H2File heldInAnotherProcess() throws IOException {
		H2File file = new H2File(workDir.resolve("apm-reports"));
		Path log = workDir.resolve("holder.log");
		holder = ChildJvm.start(List.of(), FileLockHolder.class, List.of(file.dataFile().toString()), Map.of(), log);
		await().atMost(Duration.ofSeconds(60)).until(() -> Files.readString(log).contains("locked true"));
		return file;
	}

	private static String url(H2File file) {
		return "jdbc:h2:file:" + file.database();
	}

	@Test
	void aCommandConnectsToTheAddressOfTheLiveProcessThatHoldsTheFile() throws IOException {
		// given the holder left its address, as a command that opened the file does
		H2File file = heldInAnotherProcess();
		file.serve(new H2File.Served(40123, "key", holder.pid(), false));

		// when a command opens the repository, then it is pointed at that address
		try (SharedH2File shared = SharedH2File.open(file, url(file), "sa", "", false)) {
			assertThat(shared.url()).isEqualTo("jdbc:h2:tcp://127.0.0.1:40123/key");
		}
		assertThat(file.serverFile()).isRegularFile();
	}

	@Test
	void aSecondSchedulerIsRefused() throws IOException {
		// given a live scheduler's address
		H2File file = heldInAnotherProcess();
		file.serve(new H2File.Served(40123, "key", holder.pid(), true));

		// when another scheduler starts, then
		assertThatThrownBy(() -> SharedH2File.open(file, url(file), "sa", "", true))
			.isInstanceOf(RunFailedException.class)
			.hasMessage("another scheduler runs on the job repository " + file.dataFile()
					+ ": one scheduler per data directory (several nodes share a PostgreSQL job repository)");
	}

	@Test
	void theFirstToComeOpensAndServesTheFileAndStopsServingWhenClosed() throws Exception {
		// given an address left by a process that has ended
		H2File file = new H2File(workDir.resolve("data/apm-reports"));
		Files.createDirectories(file.database().getParent());
		Process gone = new ProcessBuilder("true").start();
		gone.waitFor();
		file.serve(new H2File.Served(40123, "key", gone.pid(), true));

		// when a command opens the repository
		try (SharedH2File shared = SharedH2File.open(file, url(file), "sa", "", false)) {

			// then it opened the file itself and serves it, in place of the stale address
			assertThat(shared.url()).isEqualTo(url(file));
			assertThat(file.served()).hasValueSatisfying(served -> {
				assertThat(served.pid()).isEqualTo(ProcessHandle.current().pid());
				assertThat(served.scheduler()).isFalse();
			});
			try (Connection connection = DriverManager.getConnection(file.served().get().url(), "sa", "")) {
				assertThat(connection.isValid(5)).isTrue();
			}
		}
		// and once closed, it serves it no longer
		assertThat(file.serverFile()).doesNotExist();
	}

}
