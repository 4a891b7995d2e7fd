package io.apmreports.web.page;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDate;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.apmreports.web.LaunchChoice;
import io.apmreports.web.RangeChoice;

class LaunchFormTests {

	@Test
	void recipientsAreSplitAtCommasAndLinesButNotAtTheSpacesOfANamedAddress() {
		assertThat(LaunchForm.recipients("Jane Doe <jane@example.com>, slack:ops\nteams:finance; jane@example.com"))
			.containsExactly("Jane Doe <jane@example.com>", "slack:ops", "teams:finance", "jane@example.com");
	}

	@Test
	void aCustomRangeEndsAtMidnightAfterItsLastDay() {
		LaunchForm form = new LaunchForm("weekly-performance", "custom", LocalDate.parse("2026-11-16"),
				LocalDate.parse("2026-11-22"), "checkout", "ana@example.com", null, null);

		LaunchChoice run = form.choice(false);

		assertThat(run.range()).isEqualTo(RangeChoice.CUSTOM);
		assertThat(run.from()).isEqualTo("2026-11-16");
		assertThat(run.to()).isEqualTo("2026-11-23");
		assertThat(run.team()).isEqualTo("checkout");
		assertThat(run.force()).isFalse();
		// "Run" writes files only, whatever the recipients field holds
		assertThat(run.recipients()).isEmpty();
		assertThat(form.choice(true).recipients()).containsExactly("ana@example.com");
	}

	@Test
	void theWholeSelectionIsNoTeam() {
		LaunchForm form = new LaunchForm("weekly-performance", "last-week", null, null, LaunchForm.WHOLE, null, true,
				null);

		assertThat(form.choice(false).team()).isNull();
		assertThat(form.choice(false).force()).isTrue();
	}

	@Test
	void theAccountsTickedAreTheAccountsTheRunReads() {
		LaunchForm form = new LaunchForm("weekly-performance", "last-week", null, null, "checkout", null, null,
				List.of(7654321L));

		LaunchChoice run = form.choice(false);

		assertThat(run.accounts()).containsExactly(7654321L);
		assertThat(form.reads(7654321L)).isTrue();
		assertThat(form.reads(1234567L)).isFalse();
	}

}
