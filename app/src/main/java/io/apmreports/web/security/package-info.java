/**
 * Who may use the console: the users file, API tokens, OpenID Connect, and the filter
 * chains that hold pages, API and actuator apart.
 */
package io.apmreports.web.security;
