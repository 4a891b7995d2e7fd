package io.apmreports.job;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.springframework.batch.core.configuration.annotation.StepScope;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.Step;
import org.springframework.batch.infrastructure.item.ItemStreamReader;
import org.springframework.batch.infrastructure.item.ItemWriter;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.transaction.PlatformTransactionManager;

import io.apmreports.definition.ReportDefinition;
import io.apmreports.definition.Section;
import io.apmreports.range.TimeRange;
import io.apmreports.source.ApplicationFigures;
import io.apmreports.source.FigureSource;
import io.apmreports.source.FigureStatus;
import io.apmreports.source.FigureSources;
import io.apmreports.source.PartNotFetched;
import io.apmreports.source.StagedApplication;
import io.apmreports.staging.CurrentFigures;
import io.apmreports.staging.PreviousFigures;
import io.apmreports.staging.StagedApplications;

/**
 * The fetch steps of the applications' figures, in step order: {@code fetchFigures} over
 * the run's range, then {@code fetchPrevious} over the period before it (only for a
 * report with the comparison). Each is a {@link FetchStep}.
 */
@Configuration(proxyBeanMethods = false)
class FetchFiguresStepsConfiguration {

	/**
	 * Its reader picks what has no figures yet or failed: a restart tries the failed
	 * applications once more.
	 */
	@Bean
	Step fetchFigures(JobRepository jobRepository, PlatformTransactionManager transactionManager,
			ReportProperties properties, ItemStreamReader<StagedApplication> figuresReader,
			ItemWriter<StagedApplication> figuresWriter, FetchProgress figuresProgress) {
		return FetchStep.of(StepWords.FIGURES.stepName(), jobRepository, transactionManager, properties, figuresReader,
				figuresWriter, figuresProgress);
	}

	@Bean
	@StepScope
	ItemStreamReader<StagedApplication> figuresReader(PendingApplications pending, LaunchedRun launched) {
		return pending.reader(launched, StagedApplications::pendingFigures);
	}

	@Bean
	@StepScope
	ItemWriter<StagedApplication> figuresWriter(FigureSource source, CurrentFigures figures,
			StagedApplications applications, FetchProgress figuresProgress, LaunchedRun launched) {
		long instanceId = launched.instanceId();
		TimeRange range = launched.run().range();
		ReportDefinition definition = launched.definition();
		boolean apdexAndErrors = definition.has(Section.SUMMARY);
		// usage is charged for what ran during the range, not for what runs now
		boolean usage = definition.has(Section.USAGE);
		FigureSource.Progress progress = figuresProgress.counter();
		return chunk -> {
			List<StagedApplication> items = List.copyOf(chunk.getItems());
			figures.save(instanceId, source.figures(items, range, apdexAndErrors, progress));
			if (usage) {
				source.hostsDuring(items, range).ifPresent(counts -> applications.saveRangeHosts(instanceId, counts));
			}
		};
	}

	@Bean
	@StepScope
	FetchProgress figuresProgress(PendingApplications pending, FigureSources sources, ReportProperties properties,
			ProgressBars bars, JobRepository jobRepository, LaunchedRun launched) {
		// the source itself, not the step's proxy of it: the progress line is told from a
		// thread of its own, outside the step's scope
		return new FetchProgress(StepWords.FIGURES,
				() -> pending.count(launched, StagedApplications::countPendingFigures),
				sources.ofRun(launched.run().source(), launched.run().accounts().ids()), properties.progressInterval(),
				bars, jobRepository);
	}

	@Bean
	Step fetchPrevious(JobRepository jobRepository, PlatformTransactionManager transactionManager,
			ReportProperties properties, ItemStreamReader<StagedApplication> previousReader,
			ItemWriter<StagedApplication> previousWriter, FetchProgress previousProgress) {
		return FetchStep.of(StepWords.PREVIOUS.stepName(), jobRepository, transactionManager, properties,
				previousReader, previousWriter, previousProgress);
	}

	@Bean
	@StepScope
	ItemStreamReader<StagedApplication> previousReader(PendingApplications pending, LaunchedRun launched) {
		return pending.forSections(launched, StagedApplications::pendingPrevious, Section.COMPARISON);
	}

	/**
	 * Without the requests per minute: the previous period is fetched side by side with
	 * the sections, from the same source.
	 */
	@Bean
	@StepScope
	FetchProgress previousProgress(PendingApplications pending, ReportProperties properties, ProgressBars bars,
			JobRepository jobRepository, LaunchedRun launched) {
		return new FetchProgress(StepWords.PREVIOUS,
				() -> pending.countForSections(launched, StagedApplications::countPendingPrevious, Section.COMPARISON),
				null, properties.progressInterval(), bars, jobRepository);
	}

	/**
	 * The same figures over the previous period, of the same calendar length in the
	 * report's zone. An application whose previous figures could not be read fails the
	 * step (see {@link #notFetched}).
	 */
	@Bean
	@StepScope
	ItemWriter<StagedApplication> previousWriter(FigureSource source, PreviousFigures previousFigures,
			FetchProgress previousProgress, LaunchedRun launched) {
		long instanceId = launched.instanceId();
		ReportDefinition definition = launched.definition();
		TimeRange previous = launched.run().range().previous(definition.timeZone());
		boolean apdexAndErrors = definition.has(Section.SUMMARY);
		FigureSource.Progress progress = previousProgress.counter();
		return chunk -> {
			List<StagedApplication> items = List.copyOf(chunk.getItems());
			List<ApplicationFigures> answered = source.figures(items, previous, apdexAndErrors, progress);
			Optional<PartNotFetched> failure = notFetched(items, answered);
			if (failure.isPresent()) {
				throw failure.get();
			}
			previousFigures.save(instanceId, answered);
		};
	}

	/**
	 * The failure of the previous period's figures that could not be read, if any. The
	 * comparison has no status of its own: staged, they would read as a previous period
	 * without figures, and the account's previous totals would leave them out unsaid. (An
	 * application whose figures failed over the range is not asked: it is failed in the
	 * report already, and the failure check counts it.)
	 */
	static Optional<PartNotFetched> notFetched(List<StagedApplication> applications,
			List<ApplicationFigures> answered) {
		Map<Long, String> failed = new LinkedHashMap<>();
		answered.stream()
			.filter(figures -> figures.status() == FigureStatus.FAILED)
			.forEach(figures -> failed.put(figures.applicationId(), figures.statusDetail()));
		if (failed.isEmpty()) {
			return Optional.empty();
		}
		List<StagedApplication> named = applications.stream()
			.filter(application -> failed.containsKey(application.id()))
			.toList();
		String whose = named.isEmpty() ? PartNotFetched.applicationIds(failed.keySet())
				: PartNotFetched.applications(named);
		String why = named.isEmpty() ? failed.values().iterator().next() : failed.get(named.get(0).id());
		return Optional.of(new PartNotFetched("the previous period's figures", whose, why));
	}

}
