/**
 * What a run has fetched so far, in tables of the job repository's database: the staged applications and their
 * figures, one DAO per table. Staging is what lets a crashed run continue after its last committed chunk.
 */
package io.apmreports.staging;
