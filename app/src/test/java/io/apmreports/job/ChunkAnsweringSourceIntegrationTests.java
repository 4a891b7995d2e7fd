package io.apmreports.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.LongFunction;
import java.util.stream.Collectors;
import java.util.stream.LongStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.test.JobOperatorTestUtils;
import org.springframework.batch.test.context.SpringBatchTest;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.bean.override.convention.TestBean;

import io.apmreports.ApmReportsApplication;
import io.apmreports.definition.ApplicationFilter;
import io.apmreports.formula.Breakdown;
import io.apmreports.formula.DatabaseFormula;
import io.apmreports.formula.WebTimeSource;
import io.apmreports.range.TimeRange;
import io.apmreports.source.ApplicationFigures;
import io.apmreports.source.FigureSource;
import io.apmreports.source.FigureStatus;
import io.apmreports.source.HostFigures;
import io.apmreports.source.KeyTransaction;
import io.apmreports.source.RequestStats;
import io.apmreports.source.StagedApplication;
import io.apmreports.source.TrendSlice;
import io.apmreports.source.rest.client.ApmClient;
import io.apmreports.testing.TestSandbox;

/**
 * A source that answers a whole chunk at once, as one NRQL query would, runs the whole
 * report job in place of the REST one: the steps need nothing but a {@link FigureSource},
 * and no REST client is ever made.
 */
@SpringBatchTest
// the application forbids replacing a bean; this test replaces the REST source on purpose
@SpringBootTest(classes = ApmReportsApplication.class, properties = "spring.main.allow-bean-definition-overriding=true")
class ChunkAnsweringSourceIntegrationTests {

	private static final TimeRange WEEK = TimeRange.parse("2026-11-09T00:00:00+01:00", "2026-11-16T00:00:00+01:00");

	private static final int CHUNK = 5;

	@TempDir
	static Path workDir;

	@Autowired
	JobOperatorTestUtils jobOperatorTestUtils;

	@TestBean(name = "restFigureSource", methodName = "chunkAnsweringSource")
	ChunkAnsweringSource source;

	@Autowired
	JdbcTemplate jdbc;

	@Autowired
	ConfigurableApplicationContext context;

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		registry.add("apm.data-dir", () -> workDir.resolve("data").toString());
		registry.add("report.chunk-size", () -> CHUNK);
	}

	@Test
	void theStepsStageWhatTheSourceAnswersForEachChunk() throws Exception {
		// given twelve applications, and the weekly report with every section (zone
		// Europe/Berlin)
		ReportRun run = new ReportRun("weekly-performance", "chunk-answering", TestSandbox.DEMO_ACCOUNT, WEEK,
				workDir.resolve("output"), null);

		// when
		JobExecution execution = jobOperatorTestUtils.startJob(run.toJobParameters());

		// then the source was asked for whole chunks, once per chunk, over the run's
		// range and the one before
		assertThat(execution.getStatus()).isEqualTo(BatchStatus.COMPLETED);
		TimeRange previous = WEEK.previous(ZoneId.of("Europe/Berlin"));
		assertThat(source.figureCalls).containsExactly(new Call("figures", WEEK, ids(1, 5)),
				new Call("figures", WEEK, ids(6, 10)), new Call("figures", WEEK, ids(11, 12)),
				new Call("figures", previous, ids(1, 5)), new Call("figures", previous, ids(6, 10)),
				new Call("figures", previous, ids(11, 12)));
		// (the sections are fetched side by side: each in chunk order)
		assertThat(source.sectionCalls).filteredOn(call -> call.kind().equals("hosts"))
			.containsExactly(new Call("hosts", WEEK, ids(1, 5)), new Call("hosts", WEEK, ids(6, 10)),
					new Call("hosts", WEEK, ids(11, 12)));
		assertThat(source.sectionCalls).filteredOn(call -> call.kind().equals("trends"))
			.containsExactly(new Call("trends", WEEK, ids(1, 5)), new Call("trends", WEEK, ids(6, 10)),
					new Call("trends", WEEK, ids(11, 12)));
		assertThat(source.sectionCalls).hasSize(6);
		// and what it answered is what got staged
		long instanceId = execution.getJobInstance().getInstanceId();
		assertThat(column("APM_REPORT_FIGURES", "THROUGHPUT_RPM", instanceId)).isEqualTo(answered(id -> 2.0 * id));
		assertThat(column("APM_REPORT_PREVIOUS", "THROUGHPUT_RPM", instanceId)).isEqualTo(answered(id -> 1.0 * id));
		assertThat(column("APM_REPORT_HOST", "HOST_ID", instanceId)).isEqualTo(answered(id -> 10.0 * id));
		assertThat(column("APM_REPORT_TREND", "THROUGHPUT_RPM", instanceId)).isEqualTo(answered(id -> 3.0 * id));
		assertThat(workDir.resolve("output")).isNotEmptyDirectory();
		// with no REST client made, nor asked for (no base URL nor key is set)
		assertThat(context.getBeanFactory().getBeanNamesForType(ApmClient.class, true, false)).isNotEmpty()
			.allSatisfy(name -> assertThat(context.getBeanFactory().containsSingleton(name)).isFalse());
	}

	private Map<Long, Double> column(String table, String column, long instanceId) {
		return jdbc
			.query("SELECT APPLICATION_ID, " + column + " FROM " + table + " WHERE JOB_INSTANCE_ID = ?",
					(rs, row) -> Map.entry(rs.getLong(1), rs.getDouble(2)), instanceId)
			.stream()
			.collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
	}

	private static Map<Long, Double> answered(LongFunction<Double> value) {
		return LongStream.rangeClosed(1, 12).boxed().collect(Collectors.toMap(id -> id, value::apply));
	}

	private static List<Long> ids(long from, long to) {
		return LongStream.rangeClosed(from, to).boxed().toList();
	}

	/** One call of the source: what for, over which range, for which applications. */
	record Call(String kind, TimeRange range, List<Long> applicationIds) {

		static Call of(String kind, TimeRange range, List<StagedApplication> applications) {
			return new Call(kind, range, applications.stream().map(StagedApplication::id).toList());
		}

	}

	/**
	 * Answers a chunk in one go, the current range with a web throughput of twice the
	 * application's id, any other with the id, so that the previous period is told apart.
	 */
	static class ChunkAnsweringSource implements FigureSource {

		final List<Call> figureCalls = Collections.synchronizedList(new ArrayList<>());

		final List<Call> sectionCalls = Collections.synchronizedList(new ArrayList<>());

		@Override
		public Iterator<StagedApplication> applications(ApplicationFilter filter) {
			return LongStream.rangeClosed(1, 12)
				.mapToObj(id -> new StagedApplication(id, "app " + id, "java", "green", true, 1, 1))
				.iterator();
		}

		@Override
		public List<ApplicationFigures> figures(List<StagedApplication> applications, TimeRange range,
				boolean apdexAndErrors, Progress progress) {
			figureCalls.add(Call.of("figures", range, applications));
			double factor = range.equals(WEEK) ? 2 : 1;
			List<ApplicationFigures> figures = applications.stream()
				.map(application -> new ApplicationFigures(application.id(), breakdown(factor * application.id()), 0.9,
						0.01, 100.0, FigureStatus.OK, null))
				.toList();
			applications.forEach(progress::done);
			return figures;
		}

		@Override
		public List<HostFigures> hosts(List<StagedApplication> applications, TimeRange range,
				LongFunction<List<String>> figuredTypes) {
			sectionCalls.add(Call.of("hosts", range, applications));
			return applications.stream()
				.map(application -> new HostFigures(application.id(), 10 * application.id(), "host", breakdown(1.0),
						10.0, FigureStatus.OK, null))
				.toList();
		}

		@Override
		public List<TrendSlice> trends(List<StagedApplication> applications, TimeRange range) {
			sectionCalls.add(Call.of("trends", range, applications));
			return applications.stream()
				.map(application -> new TrendSlice(application.id(), 0, range.from(), range.to(), 50.0,
						3.0 * application.id()))
				.toList();
		}

		@Override
		public List<KeyTransaction> keyTransactions() {
			return List.of(new KeyTransaction(1, "checkout", "WebTransaction/checkout", 1, null));
		}

		@Override
		public RequestStats.Snapshot requests() {
			return new RequestStats.Snapshot(
					Map.of("figures", (long) figureCalls.size(), "sections", (long) sectionCalls.size()), 0);
		}

		@Override
		public String service() {
			return "chunk-answering";
		}

		private static Breakdown breakdown(double throughput) {
			return new Breakdown(throughput, 0.0, 100.0, 0.0, 100.0, 60.0, 40.0, null, null, 0.0, 0.0, true,
					new Breakdown.Provenance(DatabaseFormula.DATASTORE, WebTimeSource.WEB_TRANSACTION_TOTAL_TIME,
							List.of("Postgres"), List.of()));
		}

	}

	/** In place of the REST source, which the run's recorded account names. */
	static ChunkAnsweringSource chunkAnsweringSource() {
		return new ChunkAnsweringSource();
	}

}
