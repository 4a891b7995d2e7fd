package io.apmreports.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.apmreports.staging.UsageRow;

class UsageGroupsTests {

	private static final Long ACCOUNT = 1_234_567L;

	@Test
	void eachGroupHasItsSubtotalAndTheTotalIsTheirSum() {
		// given two checkout applications, one storefront one and one without the tag,
		// one of them without a call count
		UsageGroups groups = new UsageGroups();
		groups.add(row("checkout", 1, 600.0, 10.0, 4, 0.6));
		groups.add(row("checkout", 2, 100.0, 1.5, 2, 0.1));
		groups.add(row("storefront", 3, 300.0, 5.0, 3, 0.3));
		groups.add(row(null, 4, null, null, 0, null));

		// when the subtotals are read
		// then each group sums its own applications, in the order they came
		assertThat(groups.subtotals()).containsExactly(
				new UsageGroups.Subtotal(ACCOUNT, "checkout", 2, 700.0, 11.5, 6.0, 0.7),
				new UsageGroups.Subtotal(ACCOUNT, "storefront", 1, 300.0, 5.0, 3.0, 0.3),
				// a group with no calls at all has no sum of calls: an empty cell, not 0
				new UsageGroups.Subtotal(ACCOUNT, null, 1, null, null, 0.0, null));
		// and the total is every application's
		UsageGroups.Subtotal total = groups.total();
		assertThat(total.applications()).isEqualTo(4);
		assertThat(total.callVolume()).isEqualTo(1000.0);
		assertThat(total.throughputRpm()).isEqualTo(16.5);
		assertThat(total.instanceCount()).isEqualTo(9.0);
		assertThat(total.shareOfCalls()).isEqualTo(1.0, within(1e-12));
	}

	@Test
	void theSameValueInTwoAccountsIsTwoGroups() {
		// given the checkout team in two accounts
		UsageGroups groups = new UsageGroups();
		groups.add(new UsageRow(1L, "checkout", 1, "a", "java", 10.0, 1.0, 1, 1, "range", 1.0, "ok"));
		groups.add(new UsageRow(2L, "checkout", 2, "a", "java", 20.0, 2.0, 1, 1, "range", 1.0, "ok"));

		// then each account has its own subtotal
		assertThat(groups.subtotals()).extracting(UsageGroups.Subtotal::accountId).containsExactly(1L, 2L);
		assertThat(groups.isEmpty()).isFalse();
		assertThat(new UsageGroups().isEmpty()).isTrue();
	}

	@Test
	void theSubtotalsTableNamesTheApplicationsWithoutTheTagAndHeadsTheGroupByItsKey() {
		// given the subtotal of the applications without a team tag, and one of a team
		List<Column<UsageGroups.Subtotal>> columns = UsageGroups.columns("team");
		Column<UsageGroups.Subtotal> group = columns.get(1);

		// when / then the column is headed by the key, and the group without it is named
		assertThat(group.header()).isEqualTo("team");
		assertThat(group.title()).isEqualTo("Team");
		assertThat(group.valueOf(new UsageGroups.Subtotal(ACCOUNT, null, 1, null, null, 0.0, null)))
			.isEqualTo("(no team tag)");
		assertThat(group.valueOf(new UsageGroups.Subtotal(ACCOUNT, "checkout", 1, null, null, 0.0, null)))
			.isEqualTo("checkout");
	}

	private static UsageRow row(String group, long id, Double calls, Double throughput, int instances, Double share) {
		return new UsageRow(ACCOUNT, group, id, "app-" + id, "java", calls, throughput, instances, instances, "range",
				share, calls == null ? "no_data" : "ok");
	}

}
