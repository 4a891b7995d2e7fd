package io.apmreports.job;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import io.apmreports.range.TimeRange;
import io.apmreports.sandbox.HourlySample;
import io.apmreports.sandbox.SyntheticAccount;
import io.apmreports.sandbox.SyntheticApplication;
import io.apmreports.sandbox.SyntheticHost;

/**
 * Sums the sandbox's raw per-host, per-hour numbers over an hour-aligned range, the way a
 * person would check a figure: total calls, and the call-weighted average time.
 * Independent of the client and the formula engine.
 */
record SandboxTotals(double calls, double averageTime, double requestsPerMinute) {

	static SandboxTotals of(SyntheticAccount account, long applicationId, String metric, TimeRange range) {
		SyntheticApplication application = account.application(applicationId).orElseThrow();
		double calls = 0;
		double time = 0;
		for (SyntheticHost host : application.hosts()) {
			for (Instant hour = range.from().toInstant(); hour
				.isBefore(range.to().toInstant()); hour = hour.plus(Duration.ofHours(1))) {
				HourlySample sample = account.sample(applicationId, host.id(), metric, hour);
				calls += sample.callsPerMinute() * 60.0;
				time += sample.callsPerMinute() * 60.0 * sample.averageTimeMs();
			}
		}
		double minutes = range.duration().toMinutes();
		return new SandboxTotals(calls, calls == 0 ? 0 : time / calls, calls / minutes);
	}

	/**
	 * Apdex over the range from the raw satisfied, tolerating and frustrated counts: (s +
	 * t/2) / count.
	 */
	static double apdex(SyntheticAccount account, long applicationId, TimeRange range) {
		double satisfied = 0;
		double tolerating = 0;
		double count = 0;
		for (HourlySample sample : samples(account, applicationId, "Apdex", range)) {
			satisfied += sample.satisfied() * 60.0;
			tolerating += sample.tolerating() * 60.0;
			count += (sample.satisfied() + sample.tolerating() + sample.frustrated()) * 60.0;
		}
		return (satisfied + tolerating / 2) / count;
	}

	/** Errors counted over the range. */
	static double errors(SyntheticAccount account, long applicationId, TimeRange range) {
		return samples(account, applicationId, "Errors/all", range).stream()
			.mapToDouble(sample -> sample.errorsPerMinute() * 60.0)
			.sum();
	}

	private static List<HourlySample> samples(SyntheticAccount account, long applicationId, String metric,
			TimeRange range) {
		List<HourlySample> samples = new ArrayList<>();
		for (SyntheticHost host : account.application(applicationId).orElseThrow().hosts()) {
			for (Instant hour = range.from().toInstant(); hour
				.isBefore(range.to().toInstant()); hour = hour.plus(Duration.ofHours(1))) {
				samples.add(account.sample(applicationId, host.id(), metric, hour));
			}
		}
		return samples;
	}

	/**
	 * This metric's time per call of {@code dispatcher}: (average time x calls) /
	 * dispatcher calls.
	 */
	double perCallOf(SandboxTotals dispatcher) {
		return averageTime * calls / dispatcher.calls;
	}

}
