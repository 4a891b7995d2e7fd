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
	DATASTORE("Datastore (per type)"),

	/** The generic {@code Database/allWeb} category. */
	DATABASE("Generic database"),

	/** {@code ActiveRecord/all}, reported by Ruby agents older than 3.11.0. */
	RUBY_ORM("Ruby database"),

	/** The application reports no database metric. */
	NONE("None reported");

	private final String words;

	DatabaseFormula(String words) {
		this.words = words;
	}

	/**
	 * The formula as the docs' rule 2 names it, for a reader of the workbook; the CSV
	 * file keeps the constant's name for programs.
	 */
	public String words() {
		return words;
	}

}
