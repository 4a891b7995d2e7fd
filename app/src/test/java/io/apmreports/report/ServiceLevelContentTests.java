package io.apmreports.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.ZoneId;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import io.apmreports.definition.ApplicationFilter;
import io.apmreports.definition.EmailTemplate;
import io.apmreports.range.RangeSpec;
import io.apmreports.definition.ReportFormat;
import io.apmreports.definition.Section;
import io.apmreports.definition.SourceKind;
import io.apmreports.range.TimeRange;
import io.apmreports.source.Account;
import io.apmreports.source.Accounts;
import io.apmreports.definition.ReportDefinition;

class ServiceLevelContentTests {

	private static ReportDefinition definition(Set<Section> sections) {
		return new ReportDefinition("monthly-service-levels", "Monthly service levels", ApplicationFilter.all(),
				RangeSpec.parse("last-month").orElseThrow(), ZoneId.of("Europe/Berlin"),
				Set.of(ReportFormat.XLSX, ReportFormat.CSV), sections, EmailTemplate.DEFAULT, SourceKind.NRQL, Set.of(),
				"team", null);
	}

	private static final Accounts ACCOUNTS = new Accounts(
			List.of(new Account(1234567, "production"), new Account(7654321, "staging")));

	@Test
	void theMonthIsTheRangesStartInTheReportsZoneAndTheAccountsAreNamed() {
		// given October in Berlin, which starts on 30 September in UTC
		TimeRange october = TimeRange.parse("2026-09-30T22:00:00Z", "2026-10-31T23:00:00Z");

		ServiceLevelReport report = ServiceLevelContent.month(ServiceLevelFixtures.tables(true), 1,
				definition(Set.of(Section.SERVICE_LEVELS)), october, ACCOUNTS);

		assertThat(report.month()).isEqualTo(ServiceLevelFixtures.OCTOBER);
		assertThat(report.levels().get(0).current().consumed()).isNotNull();
		assertThat(report.levels()).extracting(ServiceLevelReport.Level::account)
			.containsExactly(new Account(1234567, "production").describe(),
					new Account(1234567, "production").describe(), new Account(7654321, "staging").describe());
		assertThat(report.headline().alone()).isTrue();
	}

	@Test
	void besideOtherSectionsTheHeadlineIsNotAlone() {
		TimeRange october = TimeRange.parse("2026-09-30T22:00:00Z", "2026-10-31T23:00:00Z");

		ServiceLevelReport report = ServiceLevelContent.month(ServiceLevelFixtures.tables(true), 1,
				definition(Set.of(Section.SERVICE_LEVELS, Section.SUMMARY)), october, ACCOUNTS);

		assertThat(report.headline().alone()).isFalse();
		assertThat(ServiceLevelFixtures.overview(report).withoutApplications()).isFalse();
		assertThat(ServiceLevelFixtures.overview(ServiceLevelFixtures.october()).withoutApplications()).isTrue();
	}

}
