package io.apmreports.job;

import org.springframework.batch.core.listener.StepListener;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.Step;
import org.springframework.batch.core.step.builder.ChunkOrientedStepBuilder;
import org.springframework.batch.core.step.builder.StepBuilder;
import org.springframework.batch.infrastructure.item.ItemStreamReader;
import org.springframework.batch.infrastructure.item.ItemWriter;
import org.springframework.transaction.PlatformTransactionManager;

import io.apmreports.source.StagedApplication;

/**
 * A fetch step: a chunk step without a processor, whose reader gives the staged
 * applications the step still has to do and whose writer asks the
 * {@link io.apmreports.source.FigureSource} for the whole chunk and stages the answer.
 * The source fetches the chunk in parallel or in one query as it can, so the chunk is
 * read, fetched and written by the step's thread and committed as one: the reader's place
 * and each chunk's commit are what they would be without concurrency, and a stop takes
 * effect at the end of the current chunk. It runs again on every restart, and its reader
 * then picks only what has no rows yet.
 */
final class FetchStep {

	private FetchStep() {
	}

	static Step of(String name, JobRepository jobRepository, PlatformTransactionManager transactionManager,
			ReportProperties properties, ItemStreamReader<StagedApplication> reader,
			ItemWriter<StagedApplication> writer, StepListener... listeners) {
		ChunkOrientedStepBuilder<StagedApplication, StagedApplication> step = new StepBuilder(name, jobRepository)
			.<StagedApplication, StagedApplication>chunk(properties.chunkSize())
			.transactionManager(transactionManager)
			.reader(reader)
			.writer(writer)
			.allowStartIfComplete(true);
		for (StepListener listener : listeners) {
			step.listener(listener);
		}
		return step.build();
	}

}
