package io.apmreports.run;

import java.util.Locale;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import org.springframework.stereotype.Component;

/**
 * What an ops team's dashboard and alerts read of the runs: runs by report and outcome,
 * their duration, the requests or queries each source made, its retries, and the rows
 * written (all in the Prometheus endpoint of a running scheduler).
 */
@Component
class RunMetrics {

	private final MeterRegistry registry;

	RunMetrics(MeterRegistry registry) {
		this.registry = registry;
	}

	/** Records one run's end; statistics are those of the run alone. */
	void ended(String report, String source, ReportOutcome.Result result, RunStatistics statistics) {
		String outcome = result.name().toLowerCase(Locale.ROOT);
		Counter.builder("apm.reports.runs")
			.description("Runs of reports, by report and outcome")
			.tags("report", report, "outcome", outcome)
			.register(registry)
			.increment();
		if (statistics == null) {
			return;
		}
		Timer.builder("apm.reports.run.duration")
			.description("How long runs took, by report and outcome")
			.tags("report", report, "outcome", outcome)
			.register(registry)
			.record(statistics.jobTime());
		statistics.requests()
			.byKind()
			.forEach((kind, count) -> Counter.builder("apm.reports.requests")
				.description("Requests (REST) and queries (NRQL) made, retries included, by source and kind")
				.tags("source", source, "kind", kind)
				.register(registry)
				.increment(count));
		Counter.builder("apm.reports.request.retries")
			.description("Requests tried again after a transient failure (too many requests included), by source")
			.tags("source", source)
			.register(registry)
			.increment(statistics.requests().retries());
		Counter.builder("apm.reports.too.many.requests")
			.description("Answers that said too many requests (HTTP 429, NRQL's rate limit), by source")
			.tags("source", source)
			.register(registry)
			.increment(statistics.requests().tooManyRequests());
		Counter.builder("apm.reports.rows.written")
			.description("Rows written to the reports' files, by report")
			.tags("report", report)
			.register(registry)
			.increment(statistics.rowsWritten());
	}

}
