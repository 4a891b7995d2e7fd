/**
 * What a run has fetched so far, in tables of the job repository's database: one DAO per
 * table (the staged applications, which of them each step still has to do, their figures,
 * previous figures, hosts, trends and key transactions) and
 * {@link io.apmreports.staging.ApplicationRows}, which reads applications and figures
 * joined. Staging is what lets a crashed run continue after its last committed chunk.
 */
package io.apmreports.staging;
