package io.apmreports.job;

import java.util.Arrays;
import java.util.Map;

import javax.sql.DataSource;

import org.springframework.batch.core.step.StepExecution;
import org.springframework.batch.infrastructure.item.ItemStreamReader;
import org.springframework.batch.infrastructure.item.database.Order;
import org.springframework.batch.infrastructure.item.database.builder.JdbcPagingItemReaderBuilder;
import org.springframework.stereotype.Component;

import io.apmreports.output.Section;
import io.apmreports.run.LaunchedDefinition;
import io.apmreports.run.ReportProperties;
import io.apmreports.staging.ReportStore;
import io.apmreports.staging.StagedApplication;

/**
 * Makes the readers of the fetch steps: the staged applications a step still has to do, a chunk's worth per page. A
 * restarted step reads again only what has no rows yet, which is how it continues after the last committed chunk:
 * the readers keep no place.
 */
@Component
class PendingApplications {

	private final DataSource dataSource;

	private final ReportProperties properties;

	private final LaunchedDefinition definitions;

	PendingApplications(DataSource dataSource, ReportProperties properties, LaunchedDefinition definitions) {
		this.dataSource = dataSource;
		this.properties = properties;
		this.definitions = definitions;
	}

	/** The staged applications of the step's run that meet {@code notYet}, by id. */
	ItemStreamReader<StagedApplication> reader(StepExecution stepExecution, String notYet) throws Exception {
		return new JdbcPagingItemReaderBuilder<StagedApplication>().name("pendingApplications")
			.dataSource(dataSource)
			.selectClause("SELECT " + ReportStore.STAGED_COLUMNS)
			.fromClause("FROM APM_REPORT_APPLICATION")
			.whereClause("WHERE JOB_INSTANCE_ID = :instanceId AND " + notYet)
			.saveState(false)
			.parameterValues(Map.of("instanceId", StepExecutions.instanceId(stepExecution)))
			.sortKeys(Map.of("APPLICATION_ID", Order.ASCENDING))
			.pageSize(properties.chunkSize())
			.rowMapper(ReportStore::stagedApplication)
			.build();
	}

	/** Like {@link #reader}, or none when the run's report has none of {@code sections}, which need its rows. */
	ItemStreamReader<StagedApplication> forSections(StepExecution stepExecution, String notYet, Section... sections)
			throws Exception {
		if (Arrays.stream(sections).noneMatch(StepExecutions.definition(definitions, stepExecution)::has)) {
			return new ItemStreamReader<>() {
				@Override
				public StagedApplication read() {
					return null;
				}
			};
		}
		return reader(stepExecution, notYet);
	}

}
