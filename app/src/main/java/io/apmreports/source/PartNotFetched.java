package io.apmreports.source;

import java.util.Collection;
import java.util.List;

import io.apmreports.failure.Failures;
import io.apmreports.failure.RunFailedException;

/**
 * A part of a section that could not be fetched (a query or request the service refused,
 * an answer that could not be read, retries spent), in one line naming what and why. A
 * section without a status of its own (the series, the host counts over the range, the
 * key transactions' summaries, the previous period) would show such a part as data that
 * is absent, which a reader cannot tell from a quiet application: so it fails the run, as
 * any {@link RunFailedException}, and a relaunch asks for the part again. Not a lasting
 * failure: the service may answer next time.
 */
public class PartNotFetched extends RunFailedException {

	/** How many applications a line names before it counts the rest. */
	static final int NAMED = 3;

	/**
	 * @param what the part, as the line begins: "the trend"
	 * @param whose whom it is of: "application Checkout (1001)", see
	 * {@link #applications} and {@link #applicationIds}
	 * @param why what the service said, or why its answer could not be read; its first
	 * line
	 */
	public PartNotFetched(String what, String whose, String why) {
		this(what, whose, why, null);
	}

	/**
	 * @param failure the source's own failure, whose message says why, kept as the cause
	 * for the log
	 */
	public PartNotFetched(String what, String whose, RunFailedException failure) {
		this(what, whose, failure.getMessage(), failure);
	}

	private PartNotFetched(String what, String whose, String why, Throwable cause) {
		super(what + " could not be fetched for " + oneLine(whose) + ": " + Failures.firstLine(why), cause);
	}

	/**
	 * Applications by name and id, the first few named and the rest counted: "application
	 * Checkout (1001)", "applications Auth (1002), Billing (1003), Checkout (1001) and 10
	 * more".
	 */
	public static String applications(List<StagedApplication> applications) {
		return named(applications.stream()
			.map(application -> oneLine(application.name()) + " (" + application.id() + ")")
			.toList());
	}

	/** Applications by id alone, where their names are not known. */
	public static String applicationIds(Collection<Long> applicationIds) {
		return named(applicationIds.stream().map(String::valueOf).toList());
	}

	private static String named(List<String> applications) {
		if (applications.isEmpty()) {
			return "no application";
		}
		if (applications.size() == 1) {
			return "application " + applications.get(0);
		}
		if (applications.size() <= NAMED) {
			return "applications " + String.join(", ", applications.subList(0, applications.size() - 1)) + " and "
					+ applications.get(applications.size() - 1);
		}
		return "applications " + String.join(", ", applications.subList(0, NAMED)) + " and "
				+ (applications.size() - NAMED) + " more";
	}

	/** A name as one line: the failure is told on one. */
	private static String oneLine(String name) {
		return name == null ? "" : name.replaceAll("\\s+", " ").strip();
	}

}
