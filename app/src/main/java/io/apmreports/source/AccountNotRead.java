package io.apmreports.source;

import io.apmreports.failure.LastingFailure;
import io.apmreports.failure.RunFailedException;

/**
 * An account of the organisation the key may not read: what the cost report could not
 * measure there stays unallocated, with this line saying why, and the run goes on.
 */
public class AccountNotRead extends RunFailedException implements LastingFailure {

	private final long accountId;

	/**
	 * @param accountId the account
	 * @param why what the service said, never the key
	 */
	public AccountNotRead(long accountId, String why) {
		super("the key may not read account " + accountId + ": " + why);
		this.accountId = accountId;
	}

	/** The account not read. */
	public long accountId() {
		return accountId;
	}

}
