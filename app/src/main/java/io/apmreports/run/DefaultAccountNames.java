package io.apmreports.run;

import java.util.Map;

/**
 * Names of accounts that neither the settings ({@code apm.account-names}) nor the service
 * name: the demo's own, whose REST sandbox tells none. A name the user gives always wins
 * over one of these.
 */
@FunctionalInterface
public interface DefaultAccountNames {

	/** The names by account id. */
	Map<Long, String> byId();

}
