package io.apmreports.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.apmreports.definition.ApplicationFilter;

class FailureShareCheckTests {

	@ParameterizedTest(name = "{0} of {1} failed, {2} allowed: too many = {3}")
	@CsvSource({
			// exactly the allowed share is still a report; one more is not
			"1, 10, 0.1, false", "2, 10, 0.1, true",
			// the 3 of 13 of the integration test: 23%
			"3, 13, 0.1, true", "0, 13, 0.0, false", "1, 13, 0.0, true",
			// every one failed, with everything allowed; nothing to report at all is not
			// a failure share
			"13, 13, 1.0, false", "0, 0, 0.1, false" })
	void failsTheRunOnlyAboveTheAllowedShare(long failed, long total, double allowed, boolean tooMany) {
		assertThat(FailureShareCheck.tooMany(failed, total, allowed)).isEqualTo(tooMany);
	}

	@Test
	void aSelectionThatMatchedNothingIsNamedAsTheDefinitionWritesIt() {
		assertThat(FailureShareCheck.nothingSelected("weekly-ops", null,
				new ApplicationFilter("payments", List.of(1001L, 1002L))))
			.startsWith("report weekly-ops selects no application: its applications (name-contains \"payments\" "
					+ "and ids [1001, 1002]) matched none of the account's, so no report was written")
			.endsWith("launch again with --force");
		assertThat(FailureShareCheck.nothingSelected("weekly-ops", null, new ApplicationFilter(null, List.of(7L))))
			.contains("(ids [7])");
		assertThat(
				FailureShareCheck.nothingSelected("weekly-ops", "checkout", new ApplicationFilter(null, List.of(7L))))
			.startsWith("report weekly-ops of team checkout selects no application")
			.contains("correct them in the team's schedule");
	}

	@Test
	void anAccountWithoutApplicationsIsToldAsSuchNotAsASelection() {
		assertThat(FailureShareCheck.nothingSelected("weekly-ops", null, ApplicationFilter.all()))
			.startsWith("the account has no applications, so no report was written: check apm.base-url")
			.doesNotContain("selects");
	}

}
