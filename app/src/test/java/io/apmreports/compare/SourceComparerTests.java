package io.apmreports.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongFunction;

import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

import io.apmreports.definition.ApplicationFilter;
import io.apmreports.definition.EmailTemplate;
import io.apmreports.definition.ReportDefinition;
import io.apmreports.definition.ReportFormat;
import io.apmreports.definition.Section;
import io.apmreports.formula.Breakdown;
import io.apmreports.formula.DatabaseFormula;
import io.apmreports.formula.WebTimeSource;
import io.apmreports.job.ReportProperties;
import io.apmreports.range.RangeSpec;
import io.apmreports.range.TimeRange;
import io.apmreports.source.ApplicationFigures;
import io.apmreports.source.ConfiguredAccount;
import io.apmreports.source.FigureSource;
import io.apmreports.source.FigureStatus;
import io.apmreports.source.HostFigures;
import io.apmreports.source.KeyTransaction;
import io.apmreports.source.RequestStats;
import io.apmreports.source.StagedApplication;
import io.apmreports.source.TrendSlice;

class SourceComparerTests {

	private static final TimeRange WEEK = TimeRange.parse("2026-11-09T00:00:00+01:00", "2026-11-16T00:00:00+01:00");

	private static final OffsetDateTime SLICE = OffsetDateTime.parse("2026-11-09T00:00:00+01:00");

	@Test
	void hostsAreMatchedByNameAndEverySectionIsComparedValueByValue() {
		// given two sources that agree but for one host's response time and one slice's
		// throughput, and number their hosts differently (REST's ids, NRQL's 1, 2)
		FixedSource rest = new FixedSource(Map.of("web-1", 100L, "web-2", 200L), 100.0, 10.0);
		FixedSource nrql = new FixedSource(Map.of("web-1", 1L, "web-2", 2L), 101.0, 12.0);
		SourceComparer comparer = new SourceComparer(null,
				new Binder(new MapConfigurationPropertySource(
						Map.of("report.chunk-size", "1", "report.output-dir", "out")))
					.bindOrCreate("report", ReportProperties.class),
				ConfiguredAccount.of(1L));

		// when a report with the hosts and the series is compared, a chunk of one at a
		// time
		Comparison comparison = comparer.compare(rest, nrql, definition(), WEEK, 1e-6);

		// then those two values differ, and nothing else
		assertThat(comparison.differences()).containsExactly(
				new Difference(2, "Billing", "host web-2 response_time_ms", "100.0", "101.0"),
				new Difference(2, "Billing", "trend " + SLICE + " throughput_rpm", "10.0", "12.0"));
		assertThat(rest.chunks).as("asked a chunk at a time").isEqualTo(2);
	}

	private static ReportDefinition definition() {
		return new ReportDefinition("weekly", "Weekly", ApplicationFilter.all(),
				RangeSpec.parse("last-week").orElseThrow(), ZoneId.of("Europe/Berlin"), Set.of(ReportFormat.CSV),
				Set.of(Section.SUMMARY, Section.HOSTS, Section.TRENDS), EmailTemplate.DEFAULT, null);
	}

	/**
	 * Two applications; application 2's host web-2 and its series take the given values.
	 */
	private static final class FixedSource implements FigureSource {

		private static final List<StagedApplication> APPLICATIONS = List.of(
				new StagedApplication(1, "Shop", "java", "green", true, 2, 2),
				new StagedApplication(2, "Billing", "java", "green", true, 2, 2));

		private final Map<String, Long> hostIds;

		private final double web2ResponseTime;

		private final double throughput;

		private int chunks;

		FixedSource(Map<String, Long> hostIds, double web2ResponseTime, double throughput) {
			this.hostIds = hostIds;
			this.web2ResponseTime = web2ResponseTime;
			this.throughput = throughput;
		}

		@Override
		public Iterator<StagedApplication> applications(ApplicationFilter filter) {
			return APPLICATIONS.iterator();
		}

		@Override
		public List<ApplicationFigures> figures(List<StagedApplication> applications, TimeRange range,
				boolean apdexAndErrors, Progress progress) {
			chunks++;
			return applications.stream()
				.map(application -> new ApplicationFigures(application.id(), breakdown(50.0), 0.9, 0.01, 1000.0,
						FigureStatus.OK, null))
				.toList();
		}

		@Override
		public List<HostFigures> hosts(List<StagedApplication> applications, TimeRange range,
				LongFunction<List<String>> figuredTypes) {
			return applications.stream()
				.flatMap(
						application -> hostIds.entrySet()
							.stream()
							.map(host -> new HostFigures(application.id(), host.getValue(), host.getKey(),
									breakdown(application.id() == 2 && host.getKey().equals("web-2") ? web2ResponseTime
											: 100.0),
									500.0, FigureStatus.OK, null)))
				.toList();
		}

		@Override
		public List<TrendSlice> trends(List<StagedApplication> applications, TimeRange range) {
			return applications.stream()
				.map(application -> new TrendSlice(application.id(), 0, SLICE, SLICE.plusHours(1), 80.0,
						application.id() == 2 ? throughput : 10.0))
				.toList();
		}

		@Override
		public List<KeyTransaction> keyTransactions() {
			return List.of();
		}

		@Override
		public RequestStats.Snapshot requests() {
			return new RequestStats().snapshot();
		}

		@Override
		public String service() {
			return "fixed";
		}

		private static Breakdown breakdown(double responseTime) {
			return new Breakdown(10.0, null, responseTime, null, 120.0, 70.0, null, null, null, null, null, true,
					new Breakdown.Provenance(DatabaseFormula.DATASTORE, WebTimeSource.WEB_TRANSACTION_TOTAL_TIME,
							List.of(), List.of()));
		}

	}

}
