/**
 * How the tool reaches HTTP services: the proxy each URL goes through, the one way every
 * client is built, and a failure to get an answer told by whom it was (host or proxy).
 */
package io.apmreports.net;
