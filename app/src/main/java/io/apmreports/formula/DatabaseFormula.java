package io.apmreports.formula;

/**
 * Which of the mutually exclusive database formulas fed an application's figures (rules 2
 * and 3).
 */
public enum DatabaseFormula {

	/**
	 * {@code Datastore/<dbtype>/allWeb}, summed over every database type the application
	 * reports.
	 */
	DATASTORE,

	/** The generic {@code Database/allWeb} category. */
	DATABASE,

	/** {@code ActiveRecord/all}, reported by Ruby agents older than 3.11.0. */
	RUBY_ORM,

	/** The application reports no database metric. */
	NONE

}
