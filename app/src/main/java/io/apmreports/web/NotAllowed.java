package io.apmreports.web;

import io.apmreports.failure.UserFacingException;

/** An action the signed-in user's role does not allow. */
public class NotAllowed extends UserFacingException {

	public NotAllowed(ConsoleUser user, Role needed, String action) {
		super(action + " needs the role " + needed.word() + "; " + user.name() + " is a " + user.role().word());
	}

	/** An action refused for another reason than the role: a team the user is not of. */
	public NotAllowed(String refusal) {
		super(refusal);
	}

}
