package io.apmreports.source;

import io.apmreports.failure.UserFacingException;

/**
 * The account this process reads: {@code apm.account-id}, or, for the demo, its own
 * production account when none is named.
 *
 * @param id the account id, or {@code null} when none is set
 */
public record ConfiguredAccount(Long id) {

	/**
	 * The id, which a run needs before anything is recorded.
	 * @throws UserFacingException naming the setting when it is missing
	 */
	public long required() {
		if (id == null) {
			throw new UserFacingException("no account id: set APM_ACCOUNT_ID (apm.account-id) to the account the "
					+ "report reads; for REST, the account its key was made in");
		}
		return id;
	}

}
