package io.apmreports.definition;

import java.util.Locale;

/**
 * The services a report's figures can come from: the Application Performance Query
 * Service (REST v2, switched off on 2027-07-31) or NRQL over NerdGraph, its replacement.
 * Each is a figure source bean of its own name.
 */
public enum SourceKind {

	/** REST v2, one application at a time. */
	REST("restFigureSource"),

	/** NRQL over NerdGraph, many applications a query. */
	NRQL("nrqlFigureSource");

	/**
	 * How a run's recorded account says it reads NRQL: a REST run's account is the
	 * service's URL (or {@code demo}), as runs recorded it before NRQL existed.
	 */
	private static final String NRQL_MARK = "nrql ";

	private final String beanName;

	SourceKind(String beanName) {
		this.beanName = beanName;
	}

	public String beanName() {
		return beanName;
	}

	/** As a setting or a definition writes it: {@code rest}, {@code nrql}. */
	public String settingValue() {
		return name().toLowerCase(Locale.ROOT);
	}

	/**
	 * What a run records as its account ({@code source} job parameter): the account
	 * itself for REST, marked for NRQL, so that a run of one source is never restarted,
	 * nor taken for done, by the other.
	 * @param account the source's account, or {@code demo}
	 */
	public String recorded(String account) {
		return this == REST ? account : NRQL_MARK + account;
	}

	/** The source a run recorded with {@link #recorded}. */
	public static SourceKind ofRecorded(String recorded) {
		return recorded != null && recorded.startsWith(NRQL_MARK) ? NRQL : REST;
	}

	/** The account a run recorded, without the source's mark. */
	public static String accountOf(String recorded) {
		return ofRecorded(recorded) == NRQL ? recorded.substring(NRQL_MARK.length()) : recorded;
	}

}
