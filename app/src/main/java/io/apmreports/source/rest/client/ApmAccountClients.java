package io.apmreports.source.rest.client;

/**
 * A client of each further account a report reads through REST, each with that account's
 * key and its own pace, as the service limits each key on its own.
 */
@FunctionalInterface
public interface ApmAccountClients {

	/**
	 * A new client of the account; fails with one line naming the account when it has no
	 * key.
	 */
	ApmClient client(long accountId);

}
