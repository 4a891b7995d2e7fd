package io.apmreports.report;

import java.util.List;

import io.apmreports.staging.NamedApplication;
import io.apmreports.staging.TrendPoint;

/**
 * The series of a report as a table by timeslice, one row per slice and columns per
 * application, read only by a sink that asks for it. It is read in groups of
 * applications, each group one pass over the staged series, so that neither the series
 * nor a whole account's applications are ever held.
 */
@FunctionalInterface
public interface TrendTable {

	/**
	 * Hands the applications with a series to the reader in report order, at most
	 * {@code groupSize} at a time, each group followed by its points.
	 * @param groupSize how many applications a group has at most
	 * @param reader what receives the groups
	 */
	void read(int groupSize, Reader reader);

	/** Receives the table group by group. */
	interface Reader {

		/** A group begins: its applications in report order. */
		void group(List<NamedApplication> applications);

		/**
		 * A point of the current group's series, in the report's zone; the points come
		 * ordered by slice, then in the group's order.
		 */
		void point(TrendPoint point);

	}

}
