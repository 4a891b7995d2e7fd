package io.apmreports.schedule;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Schedule files for scheduler tests, written where a test's context reads them. */
final class TestSchedules {

	/** Like the shipped weekly-ops, on the test report definitions. */
	static final String WEEKLY_OPS = """
			name: weekly-ops
			cron: 0 0 6 * * MON
			zone: Europe/Berlin
			report: weekly-performance
			recipients: [ops@example.com]
			""";

	private TestSchedules() {
	}

	/** A schedules directory under {@code workDir} holding weekly-ops; answers it. */
	static Path withWeeklyOps(Path workDir) throws IOException {
		Path schedules = Files.createDirectories(workDir.resolve("schedules"));
		Files.writeString(schedules.resolve("weekly-ops.yml"), WEEKLY_OPS);
		return schedules;
	}

}
