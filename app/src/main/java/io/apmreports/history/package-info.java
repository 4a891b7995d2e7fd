/**
 * The figures past reports told, kept in the job repository beyond the runs' own tables,
 * so that a report can show where its figures were heading and a monthly report can read
 * a year the vendor no longer keeps at that detail.
 */
package io.apmreports.history;
