/**
 * What a run has fetched so far: the records a figure source answers with (applications,
 * the figures of applications and hosts, each with its
 * {@link io.apmreports.staging.FigureStatus}, trend slices, key transactions) and the
 * tables of the job repository's database that keep them, one DAO per table, with
 * {@link io.apmreports.staging.ApplicationRows} reading applications and figures joined.
 * Staging is what lets a crashed run continue after its last committed chunk.
 */
package io.apmreports.staging;
