package io.apmreports.formula;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.Map;

import org.junit.jupiter.api.Test;

class MoneyTests {

	@Test
	void aCostIsTheQuantityTimesThePriceExactly() {
		// 12.4 GB x 0.30 = 3.72; 3 users x 349 = 1047
		assertThat(Money.cost(new BigDecimal("12.4"), new BigDecimal("0.30"))).isEqualByComparingTo("3.72");
		assertThat(Money.cost(new BigDecimal("3"), new BigDecimal("349"))).isEqualByComparingTo("1047");
		// 0.1 + 0.2 in doubles is 0.30000000000000004; as decimals 0.3 x 0.3 = 0.09
		assertThat(Money.cost(Money.decimal(0.1).add(Money.decimal(0.2)), new BigDecimal("0.3")))
			.isEqualByComparingTo("0.09");
	}

	@Test
	void noPriceGivesNoCostNeverZero() {
		assertThat(Money.cost(new BigDecimal("12.4"), null)).isNull();
		assertThat(Money.cost(null, new BigDecimal("0.30"))).isNull();
		assertThat(Money.plus(null, null)).isNull();
		assertThat(Money.plus(null, new BigDecimal("2"))).isEqualByComparingTo("2");
	}

	@Test
	void theBillableGigabytesAreTheWholeGigabytesAboveTheFreeAllowance() {
		// floor(412.7) = 412; 412 - 100 = 312
		assertThat(Money.billableGigabytes(new BigDecimal("412.7"), new BigDecimal("100"))).isEqualByComparingTo("312");
		// floor(80.5) - 100 = -20, never below 0
		assertThat(Money.billableGigabytes(new BigDecimal("80.5"), new BigDecimal("100"))).isEqualByComparingTo("0");
	}

	@Test
	void theFreeAllowanceLineTakesTheTotalDownToTheBillable() {
		// 312 - 412.7 = -100.7: the 100 GB free and the 0.7 GB rounded away
		BigDecimal line = Money.freeAllowance(new BigDecimal("412.7"), new BigDecimal("100"));
		assertThat(line).isEqualByComparingTo("-100.7");
		assertThat(new BigDecimal("412.7").add(line)).isEqualByComparingTo("312");
		// 0 - 80.5 = -80.5: a month under the allowance bills nothing
		assertThat(Money.freeAllowance(new BigDecimal("80.5"), new BigDecimal("100"))).isEqualByComparingTo("-80.5");
	}

	@Test
	void thePricePerGigabyteIsTheRegions() {
		Map<String, BigDecimal> original = Map.of("us", new BigDecimal("0.30"), "eu", new BigDecimal("0.35"));

		assertThat(Money.pricePerGigabyte(original, "US")).isEqualByComparingTo("0.30");
		assertThat(Money.pricePerGigabyte(original, "eu")).isEqualByComparingTo("0.35");
		assertThat(Money.pricePerGigabyte(Map.of("us", new BigDecimal("0.30")), "eu")).isNull();
		assertThat(Money.pricePerGigabyte(null, "us")).isNull();
	}

}
