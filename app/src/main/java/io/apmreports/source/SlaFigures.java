package io.apmreports.source;

/**
 * An application's figures of the vendor's APM SLA report over one period, for the
 * applications without service levels; each absent where its inputs were, never 0.
 *
 * @param applicationId the application's id
 * @param webCalls requests: {@code HttpDispatcher:call_count}
 * @param apdexScore Apdex score, 0 to 1
 * @param satisfied {@code Apdex:s / Apdex:count}
 * @param tolerating {@code Apdex:t / Apdex:count}
 * @param frustrated {@code Apdex:f / Apdex:count}
 * @param errorRate errors per call, 0 to 1, as the other reports have it
 */
public record SlaFigures(long applicationId, Double webCalls, Double apdexScore, Double satisfied, Double tolerating,
		Double frustrated, Double errorRate) {
}
