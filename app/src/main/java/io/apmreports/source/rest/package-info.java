/**
 * The REST v2 figure source, switched off with the service on 2027-07-31: a chunk's
 * applications asked one at a time, side by side, in as few requests as their figures
 * allow.
 */
package io.apmreports.source.rest;
