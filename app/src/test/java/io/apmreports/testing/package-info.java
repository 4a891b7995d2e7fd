/**
 * What the rooms' tests share: the sandbox and a mail server on loopback, PostgreSQL, the
 * job repository's schema, settings bound as the application binds them, and fixtures.
 */
package io.apmreports.testing;
