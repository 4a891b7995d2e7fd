package io.apmreports.source.rest.client;

/**
 * The REST endpoint of each account a report reads: REST's key decides the account, so
 * each account is read with a key of its own.
 */
@FunctionalInterface
public interface ApmAccounts {

	/**
	 * The endpoint with that account's key; fails with one line naming the account and
	 * the setting when it has none.
	 */
	ApmEndpoint endpoint(long accountId);

}
