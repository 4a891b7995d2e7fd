package io.apmreports.source;

/**
 * An application as listed at the start of a run, kept in the staging table for the later
 * steps.
 *
 * @param id application id
 * @param name application name
 * @param language agent language
 * @param healthStatus health colour at list time
 * @param reporting whether it was reporting at list time
 * @param hostCount hosts in about the last hour
 * @param instanceCount instances in about the last hour
 * @param link the application's page in the vendor's UI, as the service gives it, or
 * {@code null} where the source has none
 * @param group the value of the report's grouping tag, as the listing found it, or
 * {@code null} where the report has no groups or the application no such tag
 * @param account the account the listing found it in, or {@code null} before the listing
 * says (and for a run staged before runs kept it)
 */
public record StagedApplication(long id, String name, String language, String healthStatus, boolean reporting,
		int hostCount, int instanceCount, String link, String group, Long account) {

	/** An application as a source lists it, before the report groups it. */
	public StagedApplication(long id, String name, String language, String healthStatus, boolean reporting,
			int hostCount, int instanceCount, String link) {
		this(id, name, language, healthStatus, reporting, hostCount, instanceCount, link, null, null);
	}

	/** An application without a link, as the fetch steps read it back. */
	public StagedApplication(long id, String name, String language, String healthStatus, boolean reporting,
			int hostCount, int instanceCount) {
		this(id, name, language, healthStatus, reporting, hostCount, instanceCount, null);
	}

	/** The same application in a group of the report. */
	public StagedApplication inGroup(String value) {
		return new StagedApplication(id, name, language, healthStatus, reporting, hostCount, instanceCount, link, value,
				account);
	}

	/** The same application, of the account it was listed in. */
	public StagedApplication inAccount(long accountId) {
		return new StagedApplication(id, name, language, healthStatus, reporting, hostCount, instanceCount, link, group,
				accountId);
	}

}
