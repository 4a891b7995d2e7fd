package io.apmreports.source;

import io.apmreports.formula.Breakdown;

/**
 * The figures of one host of an application, or why there are none. A host id of
 * {@link #NO_HOST} stands for the application itself when its hosts could not be listed,
 * or it has none.
 *
 * @param applicationId application id
 * @param hostId host id
 * @param hostName host name
 * @param breakdown the host's figures, or {@code null}
 * @param callVolume the host's web and non-web calls, or {@code null}
 * @param status what became of its figures
 * @param statusDetail why, for anything but ok
 */
public record HostFigures(long applicationId, long hostId, String hostName, Breakdown breakdown, Double callVolume,
		FigureStatus status, String statusDetail) {

	public static final long NO_HOST = -1;

}
