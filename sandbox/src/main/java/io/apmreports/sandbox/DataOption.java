package io.apmreports.sandbox;

/**
 * An organisation's data option, which says how long the vendor keeps its events: Data
 * Plus keeps them 90 days longer than the original option (APM events, traces and browser
 * events 98 days instead of 8; logs and custom events 120 instead of 30), as the vendor's
 * retention table has it.
 */
public enum DataOption {

	/**
	 * The original data option: each event type's retention as the catalogue gives it.
	 */
	ORIGINAL(0),

	/** Data Plus: 90 days more of every event type. */
	DATA_PLUS(90);

	/** How long the original option keeps APM events, traces and browser events. */
	private static final int ORIGINAL_APM_DAYS = 8;

	private final int extraDays;

	DataOption(int extraDays) {
		this.extraDays = extraDays;
	}

	/** How many days APM events, traces and browser events are kept: 8, or 98. */
	public int apmEventRetentionDays() {
		return retentionDays(ORIGINAL_APM_DAYS);
	}

	/** How many days events kept {@code originalDays} on the original option are kept. */
	public int retentionDays(int originalDays) {
		return originalDays + extraDays;
	}

}
