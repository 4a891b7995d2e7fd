/**
 * The client of the Application Performance Query Service (REST v2), the first figure
 * source's room: its records, typed failures, paging, retries and pacing, and where the
 * API key comes from and may be sent.
 */
package io.apmreports.rest;
