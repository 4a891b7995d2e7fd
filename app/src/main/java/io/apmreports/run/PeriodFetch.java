package io.apmreports.run;

import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import org.apache.commons.collections4.ListUtils;

import io.apmreports.definition.ReportDefinition;
import io.apmreports.definition.Section;
import io.apmreports.definition.SourceKind;
import io.apmreports.history.CountedApplication;
import io.apmreports.history.FigureHistory;
import io.apmreports.history.HistoryKey;
import io.apmreports.history.HistoryOrigin;
import io.apmreports.history.HistoryRows;
import io.apmreports.job.ReportRun;
import io.apmreports.range.TimeRange;
import io.apmreports.source.ApplicationFigures;
import io.apmreports.source.FigureSource;
import io.apmreports.source.FigureSources;
import io.apmreports.source.FigureStatus;
import io.apmreports.source.StagedApplication;

/**
 * One past period of a backfill fetched as a run of it fetches its figures: the
 * selection's applications (listed once, now), a chunk at a time from their account's
 * source, summed by {@link HistoryRows}. Recorded only whole: a period with failed
 * applications is left for the next backfill, never kept short of them.
 */
final class PeriodFetch {

	private final SourceKind kind;

	private final ReportRun run;

	private final boolean apdexAndErrors;

	private final boolean grouped;

	private final FigureHistory history;

	private final HistoryKey key;

	private final FigureSources sources;

	private final int chunkSize;

	private final Supplier<List<StagedApplication>> listing;

	private List<StagedApplication> listed;

	PeriodFetch(SourceKind kind, ReportRun run, ReportDefinition definition, FigureHistory history, HistoryKey key,
			FigureSources sources, int chunkSize, Supplier<List<StagedApplication>> listing) {
		this.kind = kind;
		this.run = run;
		this.apdexAndErrors = definition.has(Section.SUMMARY);
		this.grouped = definition.groupBy() != null;
		this.history = history;
		this.key = key;
		this.sources = sources;
		this.chunkSize = chunkSize;
		this.listing = listing;
	}

	/** Fetches the period and records it, unless some application failed. */
	Fetched fetch(TimeRange period, OffsetDateTime now) {
		if (listed == null) {
			listed = listing.get();
		}
		HistoryRows rows = new HistoryRows(period, run.accounts(), grouped, origin(), null);
		int failed = 0;
		String why = null;
		for (Map.Entry<Long, List<StagedApplication>> account : byAccount().entrySet()) {
			FigureSource source = sources.of(kind, account.getKey());
			for (List<StagedApplication> chunk : ListUtils.partition(account.getValue(), chunkSize)) {
				Map<Long, ApplicationFigures> answered = new LinkedHashMap<>();
				source.figures(chunk, period, apdexAndErrors, FigureSource.Progress.NONE)
					.forEach(figures -> answered.put(figures.applicationId(), figures));
				for (StagedApplication application : chunk) {
					ApplicationFigures figures = answered.get(application.id());
					if (figures == null || figures.status() == FigureStatus.FAILED) {
						failed++;
						why = why != null ? why : figures == null ? "not answered" : figures.statusDetail();
						continue;
					}
					CountedApplication counted = CountedApplication.of(application, figures);
					if (counted != null) {
						rows.add(counted);
					}
				}
			}
		}
		String applications = listed.size() + (listed.size() == 1 ? " application" : " applications");
		if (failed > 0) {
			return new Fetched("not recorded: " + failed + " of " + applications + " failed (" + why
					+ "); a later backfill fetches it again", false);
		}
		history.replace(key, period, rows.rows(), now);
		return new Fetched("fetched now from " + (kind == SourceKind.NRQL ? "NRQL" : "REST v2") + " (" + applications
				+ ", as listed now) and recorded", true);
	}

	private HistoryOrigin origin() {
		return kind == SourceKind.NRQL ? HistoryOrigin.NRQL : HistoryOrigin.REST;
	}

	private Map<Long, List<StagedApplication>> byAccount() {
		Map<Long, List<StagedApplication>> byAccount = new LinkedHashMap<>();
		for (StagedApplication application : listed) {
			long account = application.account() == null ? run.accounts().first().id() : application.account();
			byAccount.computeIfAbsent(account, id -> new ArrayList<>()).add(application);
		}
		return byAccount;
	}

	/**
	 * @param line what became of the period, in words
	 * @param recorded whether it was recorded
	 */
	record Fetched(String line, boolean recorded) {
	}

}
