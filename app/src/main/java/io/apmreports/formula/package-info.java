/**
 * The breakdown math of section 4.7 of the API specification, and the cost report's split
 * of a bill across applications: pure functions from summarized values to figures, with
 * no HTTP, Spring or files in sight.
 */
package io.apmreports.formula;
