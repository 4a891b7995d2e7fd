/**
 * The console's HTTP API: JSON over the same actions as the pages, errors as RFC 9457
 * problem details, described by the OpenAPI document springdoc serves.
 */
package io.apmreports.web.api;
