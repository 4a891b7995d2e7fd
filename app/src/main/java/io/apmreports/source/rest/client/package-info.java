/**
 * The client of the Application Performance Query Service (REST v2): its wire records,
 * typed failures, paging, and the requests that carry the key.
 */
package io.apmreports.source.rest.client;
