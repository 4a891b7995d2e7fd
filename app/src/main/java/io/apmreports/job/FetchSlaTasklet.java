package io.apmreports.job;

import java.time.Clock;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Set;
import java.util.HashSet;
import java.util.List;
import java.util.Map;

import org.springframework.batch.core.scope.context.ChunkContext;
import org.springframework.batch.core.step.StepContribution;
import org.springframework.batch.core.step.tasklet.Tasklet;
import org.springframework.batch.infrastructure.repeat.RepeatStatus;

import io.apmreports.definition.SourceKind;
import io.apmreports.history.FigureHistory;
import io.apmreports.history.HistoryFigures;
import io.apmreports.history.HistoryKey;
import io.apmreports.history.HistoryOrigin;
import io.apmreports.history.HistoryRow;
import io.apmreports.history.HistoryScope;
import io.apmreports.range.TimeRange;
import io.apmreports.source.FigureSource;
import io.apmreports.source.SlaFigures;
import io.apmreports.source.StagedApplication;
import io.apmreports.staging.SlaMonthRow;
import io.apmreports.staging.StagedServiceLevels;

/**
 * Stages the SLA months of the applications without service levels, a few applications a
 * transaction, so that a restart continues after the last ones staged. Each month comes
 * from the kept history where it holds the application's requests, or else from the
 * source, whose answer is kept in the history for the next run (as the run's own for its
 * month, as a reading of the source for the months before).
 */
class FetchSlaTasklet implements Tasklet {

	private final FigureSource source;

	private final FigureHistory history;

	private final StagedServiceLevels tables;

	private final LaunchedRun launched;

	private final Clock clock;

	private final int applicationsPerTransaction;

	/**
	 * @param source the run's source; {@code null} for a report without the
	 * service-levels section
	 * @param applicationsPerTransaction how many applications each transaction stages
	 */
	FetchSlaTasklet(FigureSource source, FigureHistory history, StagedServiceLevels tables, LaunchedRun launched,
			Clock clock, int applicationsPerTransaction) {
		this.source = source;
		this.history = history;
		this.tables = tables;
		this.launched = launched;
		this.clock = clock;
		this.applicationsPerTransaction = applicationsPerTransaction;
	}

	@Override
	public RepeatStatus execute(StepContribution contribution, ChunkContext chunkContext) {
		if (source == null) {
			return RepeatStatus.FINISHED;
		}
		long instanceId = launched.instanceId();
		List<StagedApplication> pending = tables.pendingSla(instanceId, applicationsPerTransaction);
		if (pending.isEmpty()) {
			return RepeatStatus.FINISHED;
		}
		ServiceLevelMonths months = new ServiceLevelMonths(launched.run().range(), launched.definition().timeZone());
		HistoryKey key = RecordHistoryTasklet.key(launched.run());
		Map<String, HistoryRow> kept = kept(key, months.periods(), pending);
		List<SlaMonthRow> rows = new ArrayList<>();
		List<HistoryRow> recorded = new ArrayList<>();
		for (TimeRange period : months.periods()) {
			List<StagedApplication> asked = new ArrayList<>();
			for (StagedApplication application : pending) {
				HistoryRow row = kept.get(subject(application, period));
				if (row == null) {
					asked.add(application);
				}
				else {
					rows.add(row(application, months, period, fromHistory(row), row.origin()));
				}
			}
			if (!asked.isEmpty()) {
				// the report says where the figures came from now (the source); the
				// history
				// keeps the run's own month as the run's
				HistoryOrigin keptAs = months.isRunMonth(period) ? HistoryOrigin.RUN : sourceOrigin();
				Map<Long, SlaFigures> answered = new HashMap<>();
				source.sla(asked, period).forEach(figures -> answered.put(figures.applicationId(), figures));
				for (StagedApplication application : asked) {
					// an application the source did not answer has no figures that month
					SlaFigures figures = answered.getOrDefault(application.id(), none(application.id()));
					rows.add(row(application, months, period, figures, sourceOrigin()));
					if (figures.webCalls() != null) {
						recorded.add(historyRow(application, period, figures, keptAs));
					}
				}
			}
		}
		history.record(key, recorded, OffsetDateTime.now(clock).truncatedTo(ChronoUnit.SECONDS));
		tables.saveSla(instanceId, rows);
		return RepeatStatus.CONTINUABLE;
	}

	/**
	 * The kept application rows of the months that hold requests, by application and
	 * month.
	 */
	private Map<String, HistoryRow> kept(HistoryKey key, List<TimeRange> periods, List<StagedApplication> pending) {
		Map<String, HistoryRow> kept = new HashMap<>();
		// only the pending applications' rows: a step of many transactions reads each
		// application's history once, not the whole report's each time
		Set<String> subjects = new HashSet<>();
		pending.forEach(application -> subjects.add(String.valueOf(application.id())));
		history.rows(key, HistoryScope.APPLICATION, periods, subjects)
			.stream()
			.filter(row -> row.figures().webCalls() != null)
			.forEach(row -> kept.put(row.accountId() + "/" + row.subject() + "/" + row.period().from().toInstant(),
					row));
		return kept;
	}

	private String subject(StagedApplication application, TimeRange period) {
		return account(application) + "/" + application.id() + "/" + period.from().toInstant();
	}

	private long account(StagedApplication application) {
		// an application staged without its account is the first account's
		return application.account() == null ? launched.run().accounts().ids().get(0) : application.account();
	}

	private HistoryOrigin sourceOrigin() {
		return SourceKind.ofRecorded(launched.run().source()) == SourceKind.NRQL ? HistoryOrigin.NRQL
				: HistoryOrigin.REST;
	}

	private SlaMonthRow row(StagedApplication application, ServiceLevelMonths months, TimeRange period,
			SlaFigures figures, HistoryOrigin origin) {
		return new SlaMonthRow(account(application), application.id(), application.name(), application.group(),
				months.month(period), figures.webCalls(), figures.apdexScore(), figures.satisfied(),
				figures.tolerating(), figures.frustrated(), figures.errorRate(), origin);
	}

	private HistoryRow historyRow(StagedApplication application, TimeRange period, SlaFigures figures,
			HistoryOrigin origin) {
		HistoryFigures kept = new HistoryFigures(null, figures.webCalls(), null, null, figures.apdexScore(),
				figures.satisfied(), figures.tolerating(), figures.frustrated(), figures.errorRate());
		return new HistoryRow(HistoryScope.APPLICATION, account(application), String.valueOf(application.id()),
				application.name(), period, kept, origin,
				origin == HistoryOrigin.RUN ? launched.execution().getId() : null);
	}

	private static SlaFigures none(long applicationId) {
		return new SlaFigures(applicationId, null, null, null, null, null, null);
	}

	private static SlaFigures fromHistory(HistoryRow row) {
		HistoryFigures figures = row.figures();
		return new SlaFigures(Long.parseLong(row.subject()), figures.webCalls(), figures.apdexScore(),
				figures.apdexSatisfied(), figures.apdexTolerating(), figures.apdexFrustrated(), figures.errorRate());
	}

}
