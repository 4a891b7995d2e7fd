package io.apmreports.run;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

import io.apmreports.definition.ReportDefinition;
import io.apmreports.definition.Section;
import io.apmreports.definition.ReportDefinitions;
import io.apmreports.definition.SourceKind;
import io.apmreports.failure.UserFacingException;
import io.apmreports.history.FigureHistory;
import io.apmreports.history.HistoryKey;
import io.apmreports.history.HistoryRows;
import io.apmreports.job.ApplicationListReader;
import io.apmreports.job.ReportProperties;
import io.apmreports.job.ReportRun;
import io.apmreports.range.TimeRange;
import io.apmreports.source.ApplicationTags;
import io.apmreports.source.FigureSources;
import io.apmreports.source.StagedApplication;

/**
 * Fills a report's past periods into its kept history from the source, where the vendor
 * still holds them, with the listing, the source's figures and the sums a run of each
 * period would have kept ({@link PeriodFetch}); a period kept already is left as it is.
 * Says per period where its figures came from.
 */
@Component
public class HistoryBackfill {

	/**
	 * How long the vendor keeps APM timeslices at an hour's resolution, which both
	 * sources read the figures from: REST v2 as metric data, NRQL as
	 * {@code newrelic.timeslice.value} (whether NRQL answers those further back, from the
	 * 13 months of dimensional aggregates, the vendor does not say).
	 */
	private static final int HOURLY_DAYS = 90;

	private final ReportDefinitions definitions;

	private final LaunchPlanner planner;

	private final FigureSources sources;

	private final ObjectProvider<ApplicationTags> tags;

	private final FigureHistory history;

	private final int chunkSize;

	private final Clock clock;

	/** The periods before a run that its course and usual are drawn from. */
	private static final int COURSE_PERIODS = 12;

	HistoryBackfill(ReportDefinitions definitions, LaunchPlanner planner, FigureSources sources,
			ObjectProvider<ApplicationTags> tags, FigureHistory history, ReportProperties properties, Clock clock) {
		this.definitions = definitions;
		this.planner = planner;
		this.sources = sources;
		this.tags = tags;
		this.history = history;
		this.chunkSize = properties.chunkSize();
		this.clock = clock;
	}

	/**
	 * Fills the 12 periods the course and the usual are drawn from, before a run, so that
	 * a report's first run already shows where its figures were heading (where the vendor
	 * still holds them). Nothing for a report that keeps no history.
	 */
	public void fillBefore(ReportRequest request, Consumer<String> out) {
		if (HistoryRows.keeps(definitions.load(request.report()))) {
			backfill(request, COURSE_PERIODS, out);
		}
	}

	/**
	 * Fills the {@code count} periods before the request's range, telling each in a line
	 * to {@code out} as it is done.
	 */
	public Outcome backfill(ReportRequest request, int count, Consumer<String> out) {
		ReportDefinition definition = definitions.load(request.report());
		if (!HistoryRows.keeps(definition)) {
			throw new UserFacingException("report " + definition.name() + " keeps no history: its sections ("
					+ String.join(", ", definition.sections().stream().map(Section::written).toList())
					+ ") tell no application's figures");
		}
		ReportRun run = planner.reading(request, definition);
		ReportDefinition read = request.team() == null ? definition
				: definition.forTeam(request.team().name(), request.team().applications());
		ZoneId zone = definition.timeZone();
		List<TimeRange> periods = run.range().previous(zone).lastPeriods(zone, count);
		SourceKind kind = SourceKind.ofRecorded(run.source());
		HistoryKey key = HistoryKey.of(run.report(), run.source(), run.accounts(), run.team());
		Map<TimeRange, FigureHistory.Kept> kept = history.kept(key, periods);
		out.accept("The history of " + definition.name() + (run.team() == null ? "" : " for team " + run.team()) + ", "
				+ run.accounts().describe() + ", the " + count + " " + run.range().periodName(zone) + "s before "
				+ run.range().describe(zone) + ":");
		PeriodFetch fetch = new PeriodFetch(kind, run, read, history, key, sources, chunkSize,
				() -> listed(kind, run, read));
		Outcome outcome = new Outcome(0, 0, 0, 0);
		for (TimeRange period : periods) {
			String said = period.describe(zone) + ": ";
			FigureHistory.Kept keptBefore = kept.get(period);
			if (keptBefore != null) {
				out.accept("  " + said + keptLine(keptBefore, zone) + "; left as it is");
				outcome = outcome.plus(new Outcome(1, 0, 0, 0));
				continue;
			}
			String notHeld = notHeld(kind, period);
			if (notHeld != null) {
				out.accept("  " + said + "not held by the vendor: " + notHeld);
				outcome = outcome.plus(new Outcome(0, 0, 1, 0));
				continue;
			}
			PeriodFetch.Fetched fetched = fetch.fetch(period, OffsetDateTime.now(clock));
			out.accept("  " + said + fetched.line());
			outcome = outcome.plus(fetched.recorded() ? new Outcome(0, 1, 0, 0) : new Outcome(0, 0, 0, 1));
		}
		out.accept(outcome.line());
		return outcome;
	}

	private List<StagedApplication> listed(SourceKind kind, ReportRun run, ReportDefinition read) {
		ApplicationListReader reader = new ApplicationListReader(account -> sources.of(kind, account),
				run.accounts().ids(), read.applications(), tags::getObject, read.groupBy(), new ExecutionContext());
		List<StagedApplication> applications = new ArrayList<>();
		for (StagedApplication application = reader.read(); application != null; application = reader.read()) {
			applications.add(application);
		}
		return applications;
	}

	private static String keptLine(FigureHistory.Kept kept, ZoneId zone) {
		String on = " on " + kept.recordedAt().atZoneSameInstant(zone).toLocalDate();
		return switch (kept.origin()) {
			case RUN -> "kept, recorded by run " + kept.jobExecutionId() + on;
			case REST -> "kept, fetched from REST v2 by a backfill" + on;
			case NRQL -> "kept, fetched from NRQL by a backfill" + on;
		};
	}

	/**
	 * Why the vendor no longer holds the period's figures at the detail the report needs;
	 * {@code null} while it does.
	 */
	private String notHeld(SourceKind kind, TimeRange period) {
		Instant now = clock.instant();
		Instant start = period.from().toInstant();
		if (!start.isBefore(now.minus(Duration.ofDays(HOURLY_DAYS)))) {
			return null;
		}
		String read = kind == SourceKind.NRQL ? "NRQL reads the APM timeslices (newrelic.timeslice.value)"
				: "REST v2 reads the APM timeslices";
		return read + ", which the vendor keeps at an hour's resolution " + HOURLY_DAYS + " days; beyond them only "
				+ "Apdex, throughput, response time and error rate are \"stored indefinitely\", at a resolution the "
				+ "vendor does not state and without the breakdown this report's figures are made of";
	}

	/**
	 * How the periods were found.
	 *
	 * @param kept kept before, and left as they were
	 * @param recorded fetched now and recorded
	 * @param notHeld no longer held by the vendor
	 * @param failed not recorded, as applications failed
	 */
	public record Outcome(int kept, int recorded, int notHeld, int failed) {

		Outcome plus(Outcome other) {
			return new Outcome(kept + other.kept, recorded + other.recorded, notHeld + other.notHeld,
					failed + other.failed);
		}

		String line() {
			return kept + " kept, " + recorded + " fetched and recorded, " + notHeld + " not held by the vendor"
					+ (failed == 0 ? "" : ", " + failed + " not recorded as applications failed: run backfill again");
		}

	}

}
