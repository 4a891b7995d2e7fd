package io.apmreports.source;

import io.apmreports.formula.Breakdown;

/**
 * The outcome for one application: its figures, or why there are none.
 *
 * @param applicationId application id
 * @param breakdown the figures; {@code null} when the application failed or is gone
 * @param apdexScore Apdex over the range, or {@code null}
 * @param errorRate error rate over the range, or {@code null}
 * @param callVolume web and non-web calls in the range, or {@code null}
 * @param status what became of its figures
 * @param statusDetail why, for anything but ok
 */
public record ApplicationFigures(long applicationId, Breakdown breakdown, Double apdexScore, Double errorRate,
		Double callVolume, FigureStatus status, String statusDetail) {

	public static ApplicationFigures failed(long applicationId, String why) {
		return new ApplicationFigures(applicationId, null, null, null, null, FigureStatus.FAILED, why);
	}

	public static ApplicationFigures gone(long applicationId, String why) {
		return new ApplicationFigures(applicationId, null, null, null, null, FigureStatus.GONE, why);
	}

}
