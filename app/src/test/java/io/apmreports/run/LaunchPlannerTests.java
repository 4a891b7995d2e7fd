package io.apmreports.run;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import java.time.ZoneOffset;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.apmreports.definition.ApplicationFilter;
import io.apmreports.definition.CostSettings;
import io.apmreports.definition.EmailTemplate;
import io.apmreports.definition.ReportDefinition;
import io.apmreports.definition.ReportFormat;
import io.apmreports.definition.Section;
import io.apmreports.definition.SourceKind;
import io.apmreports.definition.Thresholds;
import io.apmreports.failure.UserFacingException;
import io.apmreports.range.RangeSpec;

/**
 * The cost and ingest sections read usage events, which REST v2 cannot ask: a launch on a
 * REST setup is one line before anything runs.
 */
class LaunchPlannerTests {

	@ParameterizedTest
	@EnumSource(value = Section.class, names = { "COST", "INGEST" })
	void aUsageSectionOnRestIsOneLineNamingTheSettingToChange(Section section) {
		assertThatExceptionOfType(UserFacingException.class)
			.isThrownBy(() -> LaunchPlanner.checkUsageReadable(definition(section), SourceKind.REST))
			.withMessage("report monthly-cost reads the vendor's usage events, which only NRQL can ask: set "
					+ "apm.source=nrql, or source: nrql in its definition (monthly-cost.yml)");
	}

	@Test
	void nrqlReadsUsageEvents() {
		assertThatCode(() -> LaunchPlanner.checkUsageReadable(definition(Section.COST), SourceKind.NRQL))
			.doesNotThrowAnyException();
	}

	@Test
	void restStillReadsTheOtherSections() {
		assertThatCode(() -> LaunchPlanner.checkUsageReadable(definition(Section.USAGE), SourceKind.REST))
			.doesNotThrowAnyException();
	}

	private static ReportDefinition definition(Section section) {
		return new ReportDefinition("monthly-cost", "Monthly cost", ApplicationFilter.all(),
				RangeSpec.parse("last-month").orElseThrow(), ZoneOffset.UTC, Set.of(ReportFormat.CSV), Set.of(section),
				EmailTemplate.DEFAULT, null, Set.of(), null, null, Thresholds.DEFAULT, CostSettings.DEFAULT);
	}

}
