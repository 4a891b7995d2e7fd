package io.apmreports.failure;

import ch.qos.logback.core.spi.ContextAwareBase;
import ch.qos.logback.core.spi.LifeCycle;
import ch.qos.logback.core.status.OnConsoleStatusListener;
import ch.qos.logback.core.status.Status;
import ch.qos.logback.core.status.StatusListener;
import ch.qos.logback.core.status.StatusManager;

/**
 * Takes the logging system's own complaints off the console: Spring Boot prints every
 * warning of logback's there, stack trace and all, so a log file on a full disk put
 * hundreds of lines in front of the one line that says the disk is full. Named in
 * {@code logback-spring.xml} as its status listener, which logback starts after Boot
 * added its printer.
 */
public final class QuietLogStatus extends ContextAwareBase implements StatusListener, LifeCycle {

	private boolean started;

	@Override
	public void start() {
		StatusManager statuses = getContext().getStatusManager();
		for (StatusListener listener : statuses.getCopyOfStatusListenerList()) {
			if (listener instanceof OnConsoleStatusListener) {
				statuses.remove(listener);
			}
		}
		started = true;
	}

	@Override
	public void addStatusEvent(Status status) {
		// the log file's own troubles are not the user's: the failure they cause is told
	}

	@Override
	public void stop() {
		started = false;
	}

	@Override
	public boolean isStarted() {
		return started;
	}

}
