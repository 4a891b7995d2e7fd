/**
 * The breakdown math of section 4.7 of the API specification: pure functions from
 * summarized metric values to figures, with no HTTP, Spring or files in sight.
 */
package io.apmreports.formula;
