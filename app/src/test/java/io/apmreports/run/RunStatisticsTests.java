package io.apmreports.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.apmreports.source.RequestStats;

class RunStatisticsTests {

	@TempDir
	Path workDir;

	@Test
	void theStatisticsReadBackAsWrittenWithOrWithoutAPeakRss() throws Exception {
		// given a run on Linux and one on a system without /proc
		RunStatistics linux = new RunStatistics(
				new RequestStats.Snapshot(Map.of("applications", 3L, "metric-data", 1350L), 2), Duration.ofMillis(4200),
				450, Duration.ofMillis(1500), 61L << 20, 198L << 20, Duration.ofMillis(9300), orderedSteps());
		RunStatistics mac = new RunStatistics(linux.requests(), linux.jobTime(), 450, linux.writeTime(), 61L << 20, -1,
				Duration.ofNanos(-1), Map.of());

		// when
		linux.write(workDir.resolve("linux.json"));
		mac.write(workDir.resolve("mac.json"));

		// then
		assertThat(RunStatistics.read(workDir.resolve("linux.json"))).isEqualTo(linux);
		assertThat(RunStatistics.read(workDir.resolve("mac.json"))).isEqualTo(mac);
		assertThat(Files.readString(workDir.resolve("linux.json"))).contains("\"metric-data\" : 1350")
			.contains("\"jobTime\" : \"PT4.2S\"")
			.contains("\"peakRssBytes\" : " + (198L << 20))
			.contains("\"cpuTime\" : \"PT9.3S\"");
		assertThat(RunStatistics.read(workDir.resolve("linux.json")).stepTimes().keySet())
			.containsExactly("listApplications", "fetchFigures", "writeFiles");
	}

	private static Map<String, Duration> orderedSteps() {
		Map<String, Duration> steps = new LinkedHashMap<>();
		steps.put("listApplications", Duration.ofMillis(300));
		steps.put("fetchFigures", Duration.ofMillis(2400));
		steps.put("writeFiles", Duration.ofMillis(1500));
		return steps;
	}

}
