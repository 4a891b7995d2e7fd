package io.apmreports.sandbox;

import java.time.YearMonth;
import java.util.List;

/**
 * The users the sandbox's organisation is billed for, month by month, as
 * {@code NrMTDConsumption} tells them: full platform and core users are billable, basic
 * users free, as the vendor bills them.
 */
public final class BilledUsers {

	/**
	 * The user types the month-to-date usage counts, as its {@code metric} names them.
	 */
	public static final List<String> METRICS = List.of("FullPlatformUsers", "CoreUsers", "BasicUsers");

	private BilledUsers() {
	}

	/**
	 * The users of a type a month counts ({@link #METRICS}); the sandbox's users are the
	 * same all month.
	 */
	public static int users(String userMetric, YearMonth month) {
		int type = METRICS.indexOf(userMetric);
		if (type < 0) {
			throw new IllegalArgumentException("no user type " + userMetric);
		}
		int[] base = { 8, 15, 40 };
		int[] spread = { 5, 8, 20 };
		return base[type] + (int) Math.floorMod(Hashing.hash(month.getYear(), month.getMonthValue(), type, 0x75),
				(long) spread[type]);
	}

	/** The billable users of a type: basic users are free. */
	public static int billableUsers(String userMetric, YearMonth month) {
		return userMetric.equals("BasicUsers") ? 0 : users(userMetric, month);
	}

}
