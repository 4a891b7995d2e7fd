/**
 * The client of the Application Performance Query Service (REST v2): its records, its typed failures, and where the
 * API key comes from and may be sent.
 */
package io.apmreports.apm;
