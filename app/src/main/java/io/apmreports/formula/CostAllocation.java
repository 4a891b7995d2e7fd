package io.apmreports.formula;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The cost report's arithmetic: one account's billed gigabytes of one usage metric split
 * across its applications by their byte estimates, so that the split adds up to the bill
 * exactly; a parent's own gigabytes where its row holds its children's; and how a month
 * measured on some of its days is extrapolated. Plain functions of numbers: what is
 * absent stays absent, never 0, NaN or infinity.
 */
public final class CostAllocation {

	/** Bytes in a gigabyte: the vendor bills "1 billion bytes" as one. */
	public static final double BYTES_PER_GIGABYTE = 1e9;

	/** A byte, in gigabytes: less is no figure a bill holds. */
	private static final BigDecimal ONE_BYTE = BigDecimal.ONE.movePointLeft(9);

	/** How far two sums of the same doubles may drift apart by their order. */
	private static final double SAME_ESTIMATE = 1e-12;

	/**
	 * The precision of each application's share of the bill: far below a byte of any
	 * month's ingest; the unallocated part takes the rounding, so the sum stays exact.
	 */
	private static final MathContext SHARE = MathContext.DECIMAL64;

	private CostAllocation() {
	}

	/**
	 * The billed gigabytes split in proportion to the applications' estimates: an
	 * application's part is {@code billed x its estimate / the rule's whole estimate},
	 * and what is left is unallocated, so that {@code allocated + unallocated == billed}
	 * exactly. The whole estimate counts the events without an application too; were it
	 * ever below the applications' own sum (the vendor's estimates are not exact), their
	 * sum is taken, so no application gets more than the bill. A whole of 0 (nothing
	 * measured) allocates nothing.
	 * @param billed the account's billed gigabytes of the metric
	 * @param applications each application's estimate (bytes) over the days measured
	 * @param whole the estimate of all the rule's events over the same days
	 */
	public static Allocation allocate(BigDecimal billed, Map<String, Double> applications, double whole) {
		BigDecimal applicationsTotal = applications.values()
			.stream()
			.filter(CostAllocation::measured)
			.map(BigDecimal::valueOf)
			.reduce(BigDecimal.ZERO, BigDecimal::add);
		BigDecimal denominator = measured(whole) && !sameEstimate(whole, applicationsTotal)
				? BigDecimal.valueOf(whole).max(applicationsTotal) : applicationsTotal;
		Map<String, BigDecimal> parts = new LinkedHashMap<>();
		BigDecimal allocated = BigDecimal.ZERO;
		if (denominator.signum() > 0) {
			for (Map.Entry<String, Double> application : applications.entrySet()) {
				if (measured(application.getValue()) && application.getValue() > 0) {
					BigDecimal part = billed.multiply(BigDecimal.valueOf(application.getValue()))
						.divide(denominator, SHARE);
					parts.put(application.getKey(), part);
					allocated = allocated.add(part);
				}
			}
		}
		BigDecimal unallocated = billed.subtract(allocated);
		if (!parts.isEmpty() && unallocated.abs().compareTo(ONE_BYTE) < 0) {
			// less than a byte is the division's rounding, not data without an
			// application: the largest part takes it, and the sum stays the bill
			Map.Entry<String, BigDecimal> largest = Collections.max(parts.entrySet(), Map.Entry.comparingByValue());
			largest.setValue(largest.getValue().add(unallocated));
			unallocated = BigDecimal.ZERO;
		}
		return new Allocation(parts, unallocated);
	}

	/**
	 * Whether the rule's whole estimate is its applications' sum but for the rounding of
	 * adding doubles up in another order: then all its events carry an application.
	 */
	private static boolean sameEstimate(double whole, BigDecimal applicationsTotal) {
		double total = applicationsTotal.doubleValue();
		return total > 0 && Math.abs(whole - total) <= SAME_ESTIMATE * total;
	}

	/**
	 * The asked account's own gigabytes of a metric: its row less its children's rows
	 * where its row holds theirs (the vendor's "normal parent account"), else its row.
	 * @param includesChildren whether the row holds the children's ingest
	 */
	public static BigDecimal parentOwn(BigDecimal row, BigDecimal children, boolean includesChildren) {
		return includesChildren ? row.subtract(children) : row;
	}

	/**
	 * An estimate over the days measured made one of the whole month ({@code x N/M}), or
	 * {@code null} when there is no estimate or no day was measured.
	 */
	public static Double extrapolated(Double estimate, int daysMeasured, int daysInMonth) {
		if (estimate == null || !Double.isFinite(estimate) || daysMeasured <= 0 || daysInMonth <= 0) {
			return null;
		}
		return estimate * daysInMonth / daysMeasured;
	}

	/**
	 * What the report says of a month measured in part: "measured 21 of 30 days, the
	 * estimates extrapolated x 30/21"; {@code null} for a month measured whole, and for
	 * one not measured at all, whose ingest is wholly unallocated.
	 */
	public static String measuredNote(int daysMeasured, int daysInMonth) {
		if (daysMeasured <= 0 || daysMeasured >= daysInMonth) {
			return null;
		}
		return "measured " + daysMeasured + " of " + daysInMonth + " days, the estimates extrapolated x " + daysInMonth
				+ "/" + daysMeasured;
	}

	private static boolean measured(Double bytes) {
		return bytes != null && Double.isFinite(bytes) && bytes >= 0;
	}

	/**
	 * One account's metric split.
	 *
	 * @param applications each application's gigabytes, those allocated nothing absent
	 * @param unallocated what no application carries: the bill less the applications'
	 */
	public record Allocation(Map<String, BigDecimal> applications, BigDecimal unallocated) {

		public Allocation {
			applications = Map.copyOf(applications);
		}

		/** The applications' gigabytes together. */
		public BigDecimal allocated() {
			return applications.values().stream().reduce(BigDecimal.ZERO, BigDecimal::add);
		}

	}

}
