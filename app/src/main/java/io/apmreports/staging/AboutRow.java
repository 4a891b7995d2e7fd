package io.apmreports.staging;

/**
 * How one application's figures were obtained, for the About sheet.
 *
 * @param applicationId application id
 * @param applicationName application name
 * @param databaseFormula the database formula used
 * @param webTimeSource where web transaction total time came from
 * @param droppedTerms the terms dropped because their metrics were absent, with why
 */
public record AboutRow(long applicationId, String applicationName, String databaseFormula, String webTimeSource,
		String droppedTerms) {
}
