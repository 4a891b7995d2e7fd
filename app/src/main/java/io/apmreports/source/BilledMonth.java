package io.apmreports.source;

import java.util.Map;

/**
 * The organisation's month as the vendor's month-to-date usage ({@code NrMTDConsumption})
 * tells it at the month's end: what is billed beyond the free allowance, the billable
 * users by type and the compute units by type. A figure the vendor did not answer is
 * {@code null}, or absent from its map.
 *
 * @param billableGigabytes the gigabytes above the free allowance
 * ({@code GigabytesIngestedBillable})
 * @param freeLimitGigabytes the free allowance ({@code freeLimit})
 * @param users billable users by type ({@code full-platform}, {@code core},
 * {@code basic})
 * @param computeUnits compute units by type ({@code core}, {@code advanced})
 */
public record BilledMonth(Double billableGigabytes, Double freeLimitGigabytes, Map<String, Double> users,
		Map<String, Double> computeUnits) {

	/** A month of which the vendor told nothing. */
	public static final BilledMonth NONE = new BilledMonth(null, null, Map.of(), Map.of());

	public BilledMonth {
		users = Map.copyOf(users);
		computeUnits = Map.copyOf(computeUnits);
	}

}
