package io.apmreports.web;

import io.apmreports.failure.UserFacingException;

/**
 * A run that does not exist, or that the user may not see: both are told alike, so that
 * another team's run ids leak nothing.
 */
public class NoSuchRun extends UserFacingException {

	public NoSuchRun(long executionId) {
		super("no run " + executionId);
	}

	public NoSuchRun(String what) {
		super(what);
	}

}
