package io.apmreports.run;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import com.sun.management.OperatingSystemMXBean;

import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.step.StepExecution;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

import io.apmreports.source.RequestStats;

/**
 * What a run cost: requests by kind, how long it took, how fast rows were written, and
 * the process's peak memory. Logged after every run; the command line also keeps the last
 * run's as JSON beside the log, which the benchmark reads.
 *
 * @param requests the requests this run made
 * @param jobTime from the job's start to its end
 * @param rowsWritten report rows written
 * @param writeTime how long writing the files took
 * @param peakHeapBytes the most heap in use at any time in this process
 * @param peakRssBytes the most resident memory of this process (Linux), or -1
 * @param cpuTime the CPU time this process used, its start and every thread included, up
 * to the run's end; negative where the JVM does not tell it
 * @param stepTimes each step's time in this execution, in the order the steps started
 */
public record RunStatistics(RequestStats.Snapshot requests, Duration jobTime, long rowsWritten, Duration writeTime,
		long peakHeapBytes, long peakRssBytes, Duration cpuTime, Map<String, Duration> stepTimes) {

	public RunStatistics {
		stepTimes = Collections.unmodifiableMap(new LinkedHashMap<>(stepTimes == null ? Map.of() : stepTimes));
	}

	/**
	 * The file in {@code report.data-dir}, beside the log, that holds the statistics of
	 * the last run.
	 */
	static final String FILE_NAME = "last-run-statistics.json";

	private static final JsonMapper JSON = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

	/**
	 * The file that holds the last run's statistics, in the data directory
	 * {@code dataDir}.
	 */
	public static Path file(Path dataDir) {
		return dataDir.resolve(FILE_NAME);
	}

	static RunStatistics of(JobExecution execution, RequestStats.Snapshot requests) {
		StepExecution write = execution.getStepExecutions()
			.stream()
			.filter(step -> step.getStepName().equals("writeFiles"))
			.reduce((first, second) -> second)
			.orElse(null);
		return new RunStatistics(requests, between(execution.getStartTime(), execution.getEndTime()),
				write == null ? 0 : write.getWriteCount(),
				write == null ? Duration.ZERO : between(write.getStartTime(), write.getEndTime()), peakHeap(),
				peakRss(), processCpuTime(), stepTimes(execution));
	}

	private static Map<String, Duration> stepTimes(JobExecution execution) {
		Map<String, Duration> times = new LinkedHashMap<>();
		execution.getStepExecutions()
			.stream()
			.sorted(Comparator.comparing(StepExecution::getId))
			.forEach(step -> times.merge(step.getStepName(), between(step.getStartTime(), step.getEndTime()),
					Duration::plus));
		return times;
	}

	private static Duration between(LocalDateTime start, LocalDateTime end) {
		return start == null || end == null ? Duration.ZERO : Duration.between(start, end);
	}

	static long peakHeap() {
		return ManagementFactory.getMemoryPoolMXBeans()
			.stream()
			.filter(pool -> pool.getType() == MemoryType.HEAP)
			.mapToLong(pool -> pool.getPeakUsage().getUsed())
			.sum();
	}

	/**
	 * The CPU time of this whole process, as the operating system counts it; negative
	 * where the JVM does not tell it.
	 */
	public static Duration processCpuTime() {
		return ManagementFactory.getOperatingSystemMXBean() instanceof OperatingSystemMXBean system
				? Duration.ofNanos(system.getProcessCpuTime()) : Duration.ofNanos(-1);
	}

	/** VmHWM, the kernel's record of the most resident memory this process ever had. */
	static long peakRss() {
		try {
			return Files.readAllLines(Path.of("/proc/self/status"))
				.stream()
				.filter(line -> line.startsWith("VmHWM:"))
				.map(line -> Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024)
				.findFirst()
				.orElse(-1L);
		}
		catch (IOException | NumberFormatException ex) {
			return -1;
		}
	}

	public double rowsPerSecond() {
		return writeTime.isZero() ? 0 : rowsWritten / (writeTime.toNanos() / 1e9);
	}

	/**
	 * Writes these statistics to {@code file} as JSON, durations in ISO 8601 ("PT4.2S").
	 */
	public void write(Path file) {
		JSON.writeValue(file, this);
	}

	/** The statistics {@link #write(Path)} wrote. */
	public static RunStatistics read(Path file) {
		return JSON.readValue(file, RunStatistics.class);
	}

	@Override
	public String toString() {
		return String.format(Locale.ROOT,
				"Statistics: %s; job %.1f s; %d rows written at %.0f rows/s; peak heap %d MB; peak RSS %s; CPU %s",
				requests, jobTime.toMillis() / 1000.0, rowsWritten, rowsPerSecond(), peakHeapBytes >> 20,
				peakRssBytes < 0 ? "unknown" : (peakRssBytes >> 20) + " MB",
				cpuTime.isNegative() ? "unknown" : String.format(Locale.ROOT, "%.1f s", cpuTime.toMillis() / 1000.0));
	}

}
