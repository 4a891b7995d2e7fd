package io.apmreports.staging;

import io.apmreports.formula.Breakdown;

/**
 * The outcome for one application: its figures, or why there are none.
 *
 * @param applicationId application id
 * @param breakdown the figures; {@code null} when the application failed
 * @param apdexScore Apdex over the range, or {@code null}
 * @param errorRate error rate over the range, or {@code null}
 * @param callVolume web and non-web calls in the range, or {@code null}
 * @param status {@code ok}, {@code no_data}, {@code gone} (answered 404: deleted, nothing a relaunch can fix) or
 *     {@code failed} (what a relaunch may fix)
 * @param statusDetail why, for anything but ok
 */
public record ApplicationFigures(long applicationId, Breakdown breakdown, Double apdexScore, Double errorRate,
		Double callVolume, String status, String statusDetail) {

	public static final String OK = "ok";

	public static final String NO_DATA = "no_data";

	public static final String FAILED = "failed";

	/** Deleted between the listing and its metric call: not a failure, and never fetched again. */
	public static final String GONE = "gone";

	public static ApplicationFigures failed(long applicationId, String why) {
		return new ApplicationFigures(applicationId, null, null, null, null, FAILED, why);
	}

	public static ApplicationFigures gone(long applicationId, String why) {
		return new ApplicationFigures(applicationId, null, null, null, null, GONE, why);
	}

}
