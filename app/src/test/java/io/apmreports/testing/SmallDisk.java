package io.apmreports.testing;

import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;

/**
 * A file system of its own and of a few kilobytes, to fill: a tmpfs mounted on a folder
 * (which takes root, as CI's run has). Where it cannot be mounted, a test is skipped with
 * the reason, except under CI, where it fails: there the test must run.
 */
public final class SmallDisk implements AutoCloseable {

	private final Path mountPoint;

	private SmallDisk(Path mountPoint) {
		this.mountPoint = mountPoint;
	}

	/**
	 * A tmpfs of {@code size} (as mount takes it: {@code 160k}) on {@code mountPoint}.
	 */
	public static SmallDisk mount(Path mountPoint, String size) throws IOException, InterruptedException {
		Files.createDirectories(mountPoint);
		String said = run("mount", "-t", "tmpfs", "-o", "size=" + size, "tmpfs", mountPoint.toString());
		if (said != null) {
			String reason = "a small file system could not be mounted on " + mountPoint + ": " + said;
			if ("true".equals(System.getenv("CI"))) {
				fail(reason);
			}
			Assumptions.abort(reason);
		}
		return new SmallDisk(mountPoint);
	}

	public Path path() {
		return mountPoint;
	}

	/** Gives the file system more room, keeping what it holds: space freed. */
	public void grow(String size) throws IOException, InterruptedException {
		String said = run("mount", "-o", "remount,size=" + size, mountPoint.toString());
		if (said != null) {
			fail("the small file system on " + mountPoint + " could not grow: " + said);
		}
	}

	/**
	 * Unmounts it; lazily, so that a file a finished run's pool or lock left open on it
	 * does not keep the test's folder from being removed.
	 */
	@Override
	public void close() throws IOException, InterruptedException {
		run("umount", "--lazy", mountPoint.toString());
	}

	/** Runs a command; answers what it said when it failed, else null. */
	private static String run(String... command) throws IOException, InterruptedException {
		List<String> line = new ArrayList<>(List.of(command));
		Process process = new ProcessBuilder(line).redirectErrorStream(true).start();
		String said = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
		if (!process.waitFor(60, TimeUnit.SECONDS)) {
			process.destroyForcibly();
			return "no answer within 60 s";
		}
		return process.exitValue() == 0 ? null : said.isEmpty() ? "exit " + process.exitValue() : said;
	}

}
