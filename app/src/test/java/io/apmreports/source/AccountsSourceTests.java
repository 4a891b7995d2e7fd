package io.apmreports.source;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongFunction;

import org.junit.jupiter.api.Test;

import io.apmreports.definition.ApplicationFilter;
import io.apmreports.range.TimeRange;

class AccountsSourceTests {

	private static final TimeRange WEEK = TimeRange.parse("2026-11-09T00:00:00Z", "2026-11-16T00:00:00Z");

	@Test
	void eachApplicationIsAskedOfItsAccountsSourceAndTheAnswersComeTogether() {
		// given two accounts' sources, and a chunk that mixes their applications with one
		// staged before runs kept accounts
		Recording production = new Recording("production");
		Recording staging = new Recording("staging");
		Map<Long, FigureSource> sources = new LinkedHashMap<>();
		sources.put(1L, production);
		sources.put(2L, staging);
		AccountsSource source = new AccountsSource(sources);
		List<StagedApplication> chunk = List.of(application(10, 1L), application(20, 2L), application(11, 1L),
				application(30, null));

		// when the chunk's figures are asked
		List<ApplicationFigures> figures = source.figures(chunk, WEEK, true, FigureSource.Progress.NONE);

		// then each source was asked its own account's applications once, the one without
		// an account going to the first, and every application has its answer
		assertThat(production.asked).containsExactly(List.of(10L, 11L, 30L));
		assertThat(staging.asked).containsExactly(List.of(20L));
		assertThat(figures).extracting(ApplicationFigures::applicationId).containsExactlyInAnyOrder(10L, 20L, 11L, 30L);
		// and the requests are both sources' together
		assertThat(source.requests().byKind()).containsEntry("nrql", 2L);
	}

	private static StagedApplication application(long id, Long account) {
		StagedApplication application = new StagedApplication(id, "app-" + id, "java", "green", true, 1, 1);
		return account == null ? application : application.inAccount(account);
	}

	/** A source that answers every application as failed and keeps what it was asked. */
	private static final class Recording implements FigureSource {

		private final String name;

		private final List<List<Long>> asked = new ArrayList<>();

		Recording(String name) {
			this.name = name;
		}

		@Override
		public Iterator<StagedApplication> applications(ApplicationFilter filter) {
			return List.<StagedApplication>of().iterator();
		}

		@Override
		public List<ApplicationFigures> figures(List<StagedApplication> applications, TimeRange range,
				boolean apdexAndErrors, Progress progress) {
			asked.add(applications.stream().map(StagedApplication::id).toList());
			return applications.stream().map(a -> ApplicationFigures.failed(a.id(), name)).toList();
		}

		@Override
		public List<HostFigures> hosts(List<StagedApplication> applications, TimeRange range,
				LongFunction<List<String>> figuredTypes) {
			return List.of();
		}

		@Override
		public List<TrendSlice> trends(List<StagedApplication> applications, TimeRange range) {
			return List.of();
		}

		@Override
		public List<KeyTransaction> keyTransactions() {
			return List.of();
		}

		@Override
		public RequestStats.Snapshot requests() {
			return new RequestStats.Snapshot(Map.of("nrql", 1L), 0);
		}

		@Override
		public String service() {
			return name;
		}

	}

}
