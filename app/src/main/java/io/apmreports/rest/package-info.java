/**
 * The client of the Application Performance Query Service (REST v2): its wire records,
 * typed failures, paging, retries and pacing, and where the API key comes from and may be
 * sent. {@code io.apmreports.rest.source} makes it a figure source.
 */
package io.apmreports.rest;
