package io.apmreports.source.access;

import java.time.Duration;

/** A failure another attempt may cure, as either service tells it. */
public interface TransientFailure {

	/** How long the service asked to wait, or {@code null}. */
	Duration retryAfter();

	/** Whether the service said too many requests: the whole client then waits. */
	boolean tooManyRequests();

}
