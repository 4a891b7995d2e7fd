package io.apmreports.formula;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.math.BigDecimal;
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
		Allocation allocation = CostAllocation.allocate(BigDecimal.TEN, Map.of("A", 1.0, "B", 1.0, "C", 1.0), 3.0);
		// then each is 10/3 to 16 digits, 3.333333333333333; the three 9.999999999999999;
		// the unallocated 0.000000000000001 takes the rounding, and the sum is 10 exactly
		assertThat(allocation.applications().get("A")).isEqualByComparingTo("3.333333333333333");
		assertThat(allocation.unallocated()).isEqualByComparingTo("0.000000000000001");
		assertThat(allocation.allocated().add(allocation.unallocated())).isEqualByComparingTo(BigDecimal.TEN);
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
