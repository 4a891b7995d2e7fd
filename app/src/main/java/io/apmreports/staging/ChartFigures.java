package io.apmreports.staging;

import io.apmreports.formula.Figures;

/**
 * An application's figures over the range as the charts take them.
 *
 * @param applicationId application id
 * @param applicationName application name
 * @param figures the breakdown
 * @param apdexScore Apdex score, 0 to 1
 * @param errorRate errors per call, 0 to 1
 */
public record ChartFigures(long applicationId, String applicationName, Figures figures, Double apdexScore,
		Double errorRate) {
}
