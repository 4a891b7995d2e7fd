package io.apmreports.formula;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class CostSplitTests {

	@Test
	void anEvenSplitAddsUpToTheAmountExactly() {
		// 100 / 3 = 33.333... (20 digits); the last takes 100 - 2 x 33.333333333333333333
		Map<String, BigDecimal> parts = CostSplit.even(new BigDecimal("100"), List.of("checkout", "search", "billing"));

		assertThat(parts.get("checkout")).isEqualByComparingTo("33.333333333333333333");
		assertThat(parts.get("search")).isEqualByComparingTo("33.333333333333333333");
		assertThat(parts.get("billing")).isEqualByComparingTo("33.333333333333333334");
		assertThat(sum(parts)).isEqualByComparingTo("100");
	}

	@Test
	void aThirdOfThreeIsOneEachNotARoundedThirdTimesThree() {
		// 3 x 1 / 3 = 1 exactly; 3 x 0.33333333333333333333 would be
		// 0.99999999999999999999
		Map<String, BigDecimal> parts = CostSplit.even(new BigDecimal("3"), List.of("checkout", "search", "billing"));

		assertThat(parts.values()).allSatisfy(part -> assertThat(part).isEqualByComparingTo("1"));
	}

	@Test
	void aSplitByIngestFollowsEachTeamsShareOfTheAllocatedGigabytes() {
		// 60 + 30 + 10 = 100 GB: shares 0.6, 0.3, 0.1; users 3 x 349 = 1047:
		// 628.2, 314.1, 104.7
		Map<String, BigDecimal> gigabytes = new LinkedHashMap<>();
		gigabytes.put("checkout", new BigDecimal("60"));
		gigabytes.put("search", new BigDecimal("30"));
		gigabytes.put("(no team tag)", new BigDecimal("10"));

		Map<String, BigDecimal> shares = CostSplit.shares(gigabytes);
		Map<String, BigDecimal> parts = CostSplit.byShare(new BigDecimal("1047"), gigabytes);

		assertThat(shares.values()).usingElementComparator(BigDecimal::compareTo)
			.containsExactly(new BigDecimal("0.6"), new BigDecimal("0.3"), new BigDecimal("0.1"));
		assertThat(parts.values()).usingElementComparator(BigDecimal::compareTo)
			.containsExactly(new BigDecimal("628.2"), new BigDecimal("314.1"), new BigDecimal("104.7"));
		assertThat(sum(parts)).isEqualByComparingTo("1047");
	}

	@Test
	void sharesThatDoNotDivideEvenlyStillAddUpToOne() {
		// 1/3 each: 0.33333333333333333333 twice, the last 0.33333333333333333334
		Map<String, BigDecimal> shares = CostSplit
			.shares(Map.of("a", BigDecimal.ONE, "b", BigDecimal.ONE, "c", BigDecimal.ONE));

		assertThat(sum(shares)).isEqualByComparingTo("1");
		// 10 x 1/3 each, added back: exactly 10
		Map<String, BigDecimal> weights = new LinkedHashMap<>(shares);
		assertThat(sum(CostSplit.byShare(new BigDecimal("10"), weights))).isEqualByComparingTo("10");
	}

	@Test
	void nothingToSplitByGivesNoParts() {
		assertThat(CostSplit.byShare(new BigDecimal("10"), Map.of("a", BigDecimal.ZERO))).isEmpty();
		assertThat(CostSplit.even(new BigDecimal("10"), List.of())).isEmpty();
	}

	private static BigDecimal sum(Map<String, BigDecimal> parts) {
		return parts.values().stream().reduce(BigDecimal.ZERO, BigDecimal::add);
	}

}
