package io.apmreports.web.page;

import java.util.List;

/**
 * How one may sign in to this console, as the login page offers it.
 */
public interface SignInOptions {

	/** Whether the users file (or the demo) has users who sign in with a password. */
	boolean passwords();

	/**
	 * The OpenID Connect providers to sign in with, each as its link and its name.
	 */
	List<Provider> providers();

	/**
	 * A provider to sign in with.
	 *
	 * @param link where its sign-in starts
	 * @param name its name, as the page shows it
	 */
	record Provider(String link, String name) {
	}

}
