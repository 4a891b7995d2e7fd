package io.apmreports.job;

import java.util.Arrays;

import org.springframework.batch.infrastructure.item.ItemStreamReader;
import org.springframework.batch.infrastructure.item.database.JdbcPagingItemReader;
import org.springframework.stereotype.Component;

import io.apmreports.definition.Section;
import io.apmreports.source.StagedApplication;
import io.apmreports.staging.StagedApplications;

/**
 * Makes the readers of the fetch steps: the staged applications a step still has to do, a
 * chunk's worth per page. A restarted step reads again only what has no rows yet, which
 * is how it continues after the last committed chunk: the readers keep no place.
 */
@Component
class PendingApplications {

	private final StagedApplications applications;

	private final ReportProperties properties;

	PendingApplications(StagedApplications applications, ReportProperties properties) {
		this.applications = applications;
		this.properties = properties;
	}

	/**
	 * The staged applications of the step's run that {@code query} still finds to do, by
	 * id.
	 */
	ItemStreamReader<StagedApplication> reader(LaunchedRun launched, Query query) {
		return query.pending(applications, launched.instanceId(), properties.chunkSize());
	}

	/**
	 * Like {@link #reader}, or none when the run's report has none of {@code sections},
	 * which need its rows.
	 */
	ItemStreamReader<StagedApplication> forSections(LaunchedRun launched, Query query, Section... sections) {
		if (Arrays.stream(sections).noneMatch(launched.definition()::has)) {
			return new ItemStreamReader<>() {
				@Override
				public StagedApplication read() {
					return null;
				}
			};
		}
		return reader(launched, query);
	}

	/**
	 * How many staged applications of the step's run {@code count} finds to do: what
	 * {@link #reader} reads.
	 */
	long count(LaunchedRun launched, Count count) {
		return count.pending(applications, launched.instanceId());
	}

	/** How many {@link #forSections} reads. */
	long countForSections(LaunchedRun launched, Count count, Section... sections) {
		return Arrays.stream(sections).noneMatch(launched.definition()::has) ? 0 : count(launched, count);
	}

	/**
	 * One of the staged applications' pending queries, such as
	 * {@code StagedApplications::pendingFigures}.
	 */
	@FunctionalInterface
	interface Query {

		JdbcPagingItemReader<StagedApplication> pending(StagedApplications applications, long instanceId, int pageSize);

	}

	/**
	 * One of the staged applications' pending counts, such as
	 * {@code StagedApplications::countPendingFigures}.
	 */
	@FunctionalInterface
	interface Count {

		long pending(StagedApplications applications, long instanceId);

	}

}
