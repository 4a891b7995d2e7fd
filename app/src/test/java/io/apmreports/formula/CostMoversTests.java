package io.apmreports.formula;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class CostMoversTests {

	private static final Map<String, BigDecimal> BEFORE = gigabytes("97.8", "50.0", "10");

	private static final Map<String, BigDecimal> NOW = gigabytes("110.2", "45.0", "12");

	@Test
	void theTeamsThatChangedMostAreSaidInWordsWithTheirCost() {
		// checkout 110.2 - 97.8 = +12.4 GB, x 0.30 = +3.72; search 45 - 50 = -5 GB,
		// -1.50; billing 12 - 10 = +2 GB, +0.60
		List<CostMovers.Mover> movers = CostMovers.rank(NOW, BEFORE, new BigDecimal("0.30"), 3);

		assertThat(CostMovers.words(movers, "USD")).containsExactly(
				"checkout rose 12.4 GB (+$3.72) to 110.2 GB, the largest rise",
				"search fell 5.0 GB (-$1.50) to 45.0 GB, the largest fall", "billing rose 2.0 GB (+$0.60) to 12.0 GB");
	}

	@Test
	void withoutPricesTheyAreRankedByGigabytesAndSayNoMoney() {
		List<CostMovers.Mover> movers = CostMovers.rank(NOW, BEFORE, null, 2);

		assertThat(CostMovers.words(movers, null)).containsExactly(
				"checkout rose 12.4 GB to 110.2 GB, the largest rise",
				"search fell 5.0 GB to 45.0 GB, the largest fall");
	}

	@Test
	void aTeamNewThisMonthRoseFromNothing() {
		// payments 0 -> 5 GB, x 0.35 = +1.75, in euros
		List<CostMovers.Mover> movers = CostMovers.rank(Map.of("payments", new BigDecimal("5")), Map.of(),
				new BigDecimal("0.35"), 3);

		assertThat(CostMovers.words(movers, "EUR"))
			.containsExactly("payments rose 5.0 GB (+\u20AC1.75) to 5.0 GB, the largest rise");
	}

	@Test
	void noMoversWhenThePreviousMonthIsUnknown() {
		assertThat(CostMovers.rank(NOW, null, new BigDecimal("0.30"), 3)).isEmpty();
	}

	@Test
	void unchangedTeamsAreNoMovers() {
		assertThat(CostMovers.rank(NOW, NOW, null, 3)).isEmpty();
	}

	private static Map<String, BigDecimal> gigabytes(String checkout, String search, String billing) {
		Map<String, BigDecimal> teams = new LinkedHashMap<>();
		teams.put("checkout", new BigDecimal(checkout));
		teams.put("search", new BigDecimal(search));
		teams.put("billing", new BigDecimal(billing));
		return teams;
	}

}
