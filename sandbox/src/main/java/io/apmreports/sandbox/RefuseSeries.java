package io.apmreports.sandbox;

/**
 * REST metric data asked for as a series (not summarized: the request a trend makes) is
 * answered with {@code status}, for one application or for all, every time: the service
 * refusing that request, which no retry changes unless the status is one a client tries
 * again.
 *
 * @param status an HTTP status from 400 to 599
 * @param applicationId the application whose series is refused, or 0 for every one
 */
public record RefuseSeries(int status, long applicationId) {

	/** Validates the rule. */
	public RefuseSeries {
		FaultChecks.requireFailureStatus(status);
		if (applicationId < 0) {
			throw new IllegalArgumentException("refuse-series application id must not be negative: " + applicationId);
		}
	}

	/** Whether the series of {@code application} is refused. */
	boolean refuses(long application) {
		return applicationId == 0 || applicationId == application;
	}

}
