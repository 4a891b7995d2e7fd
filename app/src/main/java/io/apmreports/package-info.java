/**
 * apm-reports: performance reports from the Application Performance Query Service, one
 * package per feature; here the application class and what every room shares, the failure
 * a user acts on ({@link io.apmreports.UserFacingException}) and the walk down a
 * failure's causes.
 */
package io.apmreports;
