package io.apmreports.web.security;

import io.apmreports.web.ConsoleUser;

/**
 * A principal that is a console user: one signed in with a password, by OpenID Connect,
 * or a token's.
 */
interface Signed {

	ConsoleUser user();

}
