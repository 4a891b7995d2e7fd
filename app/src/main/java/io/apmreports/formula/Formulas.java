package io.apmreports.formula;

/**
 * The formulas of section 4.7, one plain function each. Every function answers
 * {@code null} when an input is absent or the result would not be a finite number, so
 * that a report shows an empty cell instead of 0, NaN or Infinity.
 */
public final class Formulas {

	private Formulas() {
	}

	/**
	 * A component's time per web request:
	 * {@code (component:average_response_time * component:call_count) / HttpDispatcher:call_count}.
	 * Used for datastore, database, Ruby database, cache, external and request queuing.
	 */
	public static Double perWebRequest(MetricValues component, Double dispatcherCalls) {
		if (component == null || !isPositive(dispatcherCalls)) {
			return null;
		}
		Double time = component.averageResponseTime();
		Double calls = component.callCount();
		if (time == null || calls == null) {
			return null;
		}
		return finite(time * calls / dispatcherCalls);
	}

	/**
	 * Response time with request queuing, the line of the main chart:
	 * {@code HttpDispatcher:average_call_time + (queue:call_count * queue:average_response_time) / HttpDispatcher:call_count}.
	 * Without a queue metric its term is dropped; without web calls there is no response
	 * time.
	 */
	public static Double responseTime(MetricValues dispatcher, MetricValues queue) {
		if (dispatcher == null || !isPositive(dispatcher.callCount()) || dispatcher.averageCallTime() == null) {
			return null;
		}
		Double queuing = perWebRequest(queue, dispatcher.callCount());
		return finite(dispatcher.averageCallTime() + (queuing == null ? 0.0 : queuing));
	}

	/**
	 * Web transaction total time: {@code WebTransactionTotalTime:average_response_time},
	 * or, for older agents that do not report it, HttpDispatcher's time (its
	 * {@code average_call_time}, the value the response time formula reads).
	 */
	public static Double webTransactionTime(MetricValues webTransactionTotalTime, MetricValues dispatcher) {
		if (dispatcher == null || !isPositive(dispatcher.callCount())) {
			return null;
		}
		if (webTransactionTotalTime != null && webTransactionTotalTime.averageResponseTime() != null) {
			return finite(webTransactionTotalTime.averageResponseTime());
		}
		return finite(dispatcher.averageCallTime());
	}

	/**
	 * Application total time: web transaction total time less datastore, database, Ruby
	 * database, external and cache time. Absent components are dropped (rule: terms whose
	 * metrics are absent are dropped).
	 */
	public static Double applicationTime(Double webTransactionTime, Double... components) {
		if (webTransactionTime == null) {
			return null;
		}
		double remainder = webTransactionTime;
		for (Double component : components) {
			if (component != null) {
				remainder -= component;
			}
		}
		return finite(remainder);
	}

	/**
	 * Throughput in requests per minute: {@code <metric>:requests_per_minute}, summarized
	 * over the range.
	 */
	public static Double throughput(MetricValues metric) {
		return metric == null ? null : finite(metric.requestsPerMinute());
	}

	/**
	 * Error rate as the product shows it:
	 * {@code Errors/all:error_count / (HttpDispatcher:call_count + OtherTransaction/all:call_count)};
	 * absent without errors metric or without any call.
	 */
	public static Double errorRate(Double errorCount, Double webCalls, Double nonWebCalls) {
		double calls = (webCalls == null ? 0 : webCalls) + (nonWebCalls == null ? 0 : nonWebCalls);
		if (errorCount == null || calls <= 0) {
			return null;
		}
		return finite(errorCount / calls);
	}

	/**
	 * Apdex over the range: {@code Apdex:score}, or {@code (s + t/2) / count} when only
	 * the counts came back; absent when the count of samples is zero.
	 */
	public static Double apdexScore(MetricValues apdex) {
		if (apdex == null) {
			return null;
		}
		Double count = apdex.get("count");
		// a metric that stopped reporting answers zeros: a score over no samples is
		// absent, not 0
		if (count != null && !isPositive(count)) {
			return null;
		}
		if (apdex.get("score") != null) {
			return finite(apdex.get("score"));
		}
		Double satisfied = apdex.get("s");
		Double tolerating = apdex.get("t");
		if (satisfied == null || tolerating == null || !isPositive(count)) {
			return null;
		}
		return finite((satisfied + tolerating / 2) / count);
	}

	/** The sum of the non-absent terms, or {@code null} when every term is absent. */
	public static Double sumOfPresent(Iterable<Double> terms) {
		Double sum = null;
		for (Double term : terms) {
			if (term != null) {
				sum = (sum == null ? 0.0 : sum) + term;
			}
		}
		return finite(sum);
	}

	static boolean isPositive(Double value) {
		return value != null && value > 0;
	}

	static Double finite(Double value) {
		return value == null || value.isNaN() || value.isInfinite() ? null : value;
	}

}
