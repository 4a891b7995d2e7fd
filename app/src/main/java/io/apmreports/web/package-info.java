/**
 * The console: pages and an HTTP API over the job repository's runs, served by the
 * scheduler and by {@code serve}; what a signed-in user may see and do lives here.
 */
package io.apmreports.web;
