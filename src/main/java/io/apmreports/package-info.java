/**
 * apm-reports: performance reports from the Application Performance Query Service, one
 * package per feature.
 */
package io.apmreports;
