package io.apmreports.formula;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.apmreports.formula.CostAllocation.Allocation;

/**
 * The cost split on hand-computed values: each part is billed x estimate / whole, the
 * unallocated part the rest, exact.
 */
class CostAllocationTests {

	@Test
	void theBillIsSplitByTheEstimatesAndTheRestIsUnallocated() {
		// given 100 GB billed; A estimated 600 bytes, B 300, all the rule's events 1000
		// when
		Allocation allocation = CostAllocation.allocate(new BigDecimal("100"), Map.of("A", 600.0, "B", 300.0), 1000.0);
		// then A = 100 x 600/1000 = 60, B = 100 x 300/1000 = 30, unallocated = 100 - 90 =
		// 10
		assertThat(allocation.applications().get("A")).isEqualByComparingTo("60");
		assertThat(allocation.applications().get("B")).isEqualByComparingTo("30");
		assertThat(allocation.unallocated()).isEqualByComparingTo("10");
	}

	@Test
	void allocatedAndUnallocatedAddUpToTheBillExactlyWhereTheSharesDoNotDivideEvenly() {
		// given 10 GB billed over three applications of 1 byte each, whole 3 bytes
		// when
		Allocation allocation = CostAllocation.allocate(BigDecimal.TEN,
				new LinkedHashMap<>(Map.of("A", 1.0, "B", 1.0, "C", 1.0)), 3.0);
		// then each is 10/3 to 16 digits, 3.333333333333333, the three 9.999999999999999;
		// the 0.000000000000001 left is less than a byte, the division's rounding: one
		// application takes it (3.333333333333334), none is unallocated, the sum is 10
		assertThat(allocation.applications().values()).map(BigDecimal::toPlainString)
			.containsExactlyInAnyOrder("3.333333333333334", "3.333333333333333", "3.333333333333333");
		assertThat(allocation.unallocated()).isEqualByComparingTo("0");
		assertThat(allocation.allocated().add(allocation.unallocated())).isEqualByComparingTo(BigDecimal.TEN);
	}

	@Test
	void aWholeEstimateThatIsTheApplicationsSumButForTheOrderOfAddingLeavesNothingUnallocated() {
		// given 0.1 + 0.2 added in two orders: 0.30000000000000004 against the exact sum
		// of the doubles 0.1 and 0.2, a relative difference of about 1e-16
		double whole = 0.1 + 0.2;
		// when
		Allocation allocation = CostAllocation.allocate(BigDecimal.valueOf(6), Map.of("A", 0.1, "B", 0.2), whole);
		// then the whole is the applications' sum: A 6 x 0.1/0.3 = 2, B 4, nothing left
		assertThat(allocation.unallocated()).isEqualByComparingTo("0");
		assertThat(allocation.applications().get("A")).isEqualByComparingTo("2");
		assertThat(allocation.applications().get("B")).isEqualByComparingTo("4");
	}

	@Test
	void lessThanAByteLeftIsRoundingButAByteOrMoreIsUnallocated() {
		// given 1 GB billed, an application of 999,999,999 bytes of a whole 1,000,000,000
		// when
		Allocation allocation = CostAllocation.allocate(BigDecimal.ONE, Map.of("A", 999_999_999.0), 1e9);
		// then A 0.999999999 GB, and one byte, 1e-9 GB, is unallocated: a byte is a
		// figure
		assertThat(allocation.unallocated()).isEqualByComparingTo("0.000000001");
	}

	@Test
	void aRuleWhoseWholeEstimateIsZeroAllocatesNothing() {
		// given 5 GB billed, nothing measured of the rule
		// when
		Allocation allocation = CostAllocation.allocate(new BigDecimal("5"), Map.of("A", 0.0), 0.0);
		// then all 5 GB are unallocated, and no application has a part
		assertThat(allocation.applications()).isEmpty();
		assertThat(allocation.unallocated()).isEqualByComparingTo("5");
	}

	@Test
	void noApplicationGetsMoreThanTheBillWhereTheWholeEstimateIsBelowTheirSum() {
		// given 12 GB billed; A 80 bytes, B 40, but the whole answered 100 (< 120)
		// when
		Allocation allocation = CostAllocation.allocate(new BigDecimal("12"), Map.of("A", 80.0, "B", 40.0), 100.0);
		// then the denominator is 120: A = 12 x 80/120 = 8, B = 12 x 40/120 = 4, 0 left
		assertThat(allocation.applications().get("A")).isEqualByComparingTo("8");
		assertThat(allocation.applications().get("B")).isEqualByComparingTo("4");
		assertThat(allocation.unallocated()).isEqualByComparingTo("0");
	}

	@Test
	void aParentsOwnIsItsRowLessItsChildrensWhereItsRowHoldsThem() {
		// given the vendor's example: parent row 100 GB, children 50 + 20 = 70
		// then its own is 100 - 70 = 30; with a row of its own alone, 100 as answered
		assertThat(CostAllocation.parentOwn(new BigDecimal("100"), new BigDecimal("70"), true))
			.isEqualByComparingTo("30");
		assertThat(CostAllocation.parentOwn(new BigDecimal("100"), new BigDecimal("70"), false))
			.isEqualByComparingTo("100");
	}

	@Test
	void anEstimateOfSomeDaysIsExtrapolatedToTheMonth() {
		// given 6 GB estimated over 20 measured days of a 30-day month
		// then 6 x 30/20 = 9
		assertThat(CostAllocation.extrapolated(6.0, 20, 30)).isCloseTo(9.0, within(1e-12));
		assertThat(CostAllocation.measuredNote(20, 30))
			.isEqualTo("measured 20 of 30 days, the estimates extrapolated x 30/20");
	}

	@Test
	void anAbsentEstimateOrNoDayMeasuredIsNoFigure() {
		assertThat(CostAllocation.extrapolated(null, 20, 30)).isNull();
		assertThat(CostAllocation.extrapolated(6.0, 0, 30)).isNull();
		assertThat(CostAllocation.measuredNote(30, 30)).isNull();
		assertThat(CostAllocation.measuredNote(0, 30)).isNull();
	}

}
