package io.apmreports.report;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;

import io.apmreports.range.TimeRange;

/**
 * Another process writing a report's directory, for {@link ReportFilesTests}: takes the
 * directory's lock, says {@code locked}, and on a line from standard input publishes a
 * file and lets the lock go.
 */
final class HoldDirectoryLock {

	private HoldDirectoryLock() {
	}

	public static void main(String[] args) throws Exception {
		ReportFiles files = new ReportFiles(Path.of(args[0]), "weekly-performance", null, "1234567",
				TimeRange.parse("2026-11-09T00:00:00+01:00", "2026-11-16T00:00:00+01:00"), ZoneId.of("Europe/Berlin"));
		try (ReportFiles.DirectoryLock lock = files.lock()) {
			Path staging = files.createStaging(1);
			System.out.println("locked");
			System.out.flush();
			new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
			Files.writeString(staging.resolve("summary.csv"), "written by the other process\r\n");
			files.publish(staging);
		}
	}

}
