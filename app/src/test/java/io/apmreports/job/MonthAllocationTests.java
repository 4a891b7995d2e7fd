package io.apmreports.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.YearMonth;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import io.apmreports.source.ByteEstimate;
import io.apmreports.staging.CostMonth;
import io.apmreports.staging.CostRow;

/**
 * A month split on hand-computed values: the parent's own without its children's, each
 * ruled metric split by the estimates, the rest unallocated.
 */
class MonthAllocationTests {

	private static final LocalDate DAY = LocalDate.of(2026, 10, 1);

	private final MonthAllocation allocation = new MonthAllocation(1, true, Set.of("ApmEventsBytes"));

	@Test
	void theParentsOwnRowLeavesOutItsChildrensSoNoneCountsTwice() {
		// given the parent's row 100 GB of APM events and 10 of logs; children 50 and 20
		Map<Long, Map<String, BigDecimal>> own = allocation.own(Map.of(2L, Map.of("ApmEventsBytes", gb(50)), 3L,
				Map.of("ApmEventsBytes", gb(20)), 1L, Map.of("ApmEventsBytes", gb(100), "LoggingBytes", gb(10))));
		// then the parent's own APM events are 100 - 50 - 20 = 30, its logs 10 - 0 = 10;
		// the parent first, the children as answered; 30 + 10 + 50 + 20 = 110 = the rows
		// 110 without the parent's 70 of its children
		assertThat(own.keySet()).containsExactly(1L, 2L, 3L);
		assertThat(own.get(1L).get("ApmEventsBytes")).isEqualByComparingTo("30");
		assertThat(own.get(1L).get("LoggingBytes")).isEqualByComparingTo("10");
		assertThat(own.get(2L).get("ApmEventsBytes")).isEqualByComparingTo("50");
	}

	@Test
	void aRuledMetricIsSplitByTheEstimatesAndTheRestAndTheUnruledAreUnallocated() {
		// given 50 GB of APM events and 4 of logs billed; over 10 measured days of 30:
		// Checkout 600 bytes, Search 300, the whole rule 1000
		List<ByteEstimate> estimates = List.of(estimate("Checkout", 600), estimate("Search", 300),
				estimate(null, 1000));
		// when
		List<CostRow> rows = allocation.rows(2, Map.of("ApmEventsBytes", gb(50), "LoggingBytes", gb(4)), estimates, 10,
				30, Map.of("Checkout", "payments"));
		// then Checkout 50 x 0.6 = 30, Search 50 x 0.3 = 15, unallocated 50 - 45 = 5,
		// logs wholly unallocated 4; Checkout's estimate 600 bytes = 6e-7 GB x 30/10 =
		// 1.8e-6 GB
		assertThat(rows).extracting(CostRow::application, CostRow::team, CostRow::usageMetric, CostRow::gigabytes)
			.containsExactly(tuple("Checkout", "payments", "ApmEventsBytes", 30.0),
					tuple("Search", null, "ApmEventsBytes", 15.0), tuple(null, null, "ApmEventsBytes", 5.0),
					tuple(null, null, "LoggingBytes", 4.0));
		assertThat(rows.get(0).estimatedGigabytes()).isCloseTo(1.8e-6, within(1e-18));
		assertThat(rows.get(2).estimatedGigabytes()).isNull();
		// and by team: payments 30 allocated; no team 15 allocated, 9 unallocated
		assertThat(MonthAllocation.months(YearMonth.of(2026, 10), rows))
			.extracting(CostMonth::team, CostMonth::allocated, CostMonth::gigabytes)
			.containsExactly(tuple("payments", true, 30.0), tuple(null, true, 15.0), tuple(null, false, 9.0));
	}

	@Test
	void aMonthNotMeasuredIsWhollyUnallocated() {
		List<CostRow> rows = allocation.rows(2, Map.of("ApmEventsBytes", gb(50)), List.of(), 0, 31, Map.of());
		assertThat(rows).extracting(CostRow::application, CostRow::gigabytes).containsExactly(tuple(null, 50.0));
	}

	private static BigDecimal gb(long gigabytes) {
		return BigDecimal.valueOf(gigabytes);
	}

	private static ByteEstimate estimate(String application, double bytes) {
		return new ByteEstimate(2, DAY, "ApmEventsBytes", application, bytes);
	}

}
