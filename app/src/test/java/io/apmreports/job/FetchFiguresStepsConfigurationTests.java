package io.apmreports.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.apmreports.source.ApplicationFigures;
import io.apmreports.source.FigureStatus;
import io.apmreports.source.PartNotFetched;
import io.apmreports.source.StagedApplication;

/**
 * The previous period's figures that could not be read fail the step, naming them: the
 * comparison has no status to say so.
 */
class FetchFiguresStepsConfigurationTests {

	private static final List<StagedApplication> CHUNK = List.of(application(1001, "Checkout"),
			application(1002, "Inventory"), application(1003, "Search"), application(1004, "Storefront"));

	@Test
	void previousFiguresThatCouldNotBeReadAreNamed() {
		// given a chunk's previous figures: one ok, one gone, one without calls, one
		// failed
		List<ApplicationFigures> answered = List.of(figures(1001, FigureStatus.OK),
				ApplicationFigures.gone(1002, "GET /v2/applications/1002/metrics/data.json answered 404"),
				figures(1003, FigureStatus.NO_DATA),
				ApplicationFigures.failed(1004, "GET /v2/applications/1004/metrics/data.json: unreadable answer, "
						+ "value call_count is -5.0"));

		// when they are checked, then the failed one is named with why; gone and no data
		// are no failures of the fetch
		assertThat(FetchFiguresStepsConfiguration.notFetched(CHUNK, answered)).get()
			.extracting(PartNotFetched::getMessage)
			.isEqualTo("the previous period's figures could not be fetched for application Storefront (1004): GET "
					+ "/v2/applications/1004/metrics/data.json: unreadable answer, value call_count is -5.0");
	}

	@Test
	void previousFiguresAllReadAreNoFailure() {
		// given figures each ok, gone or without calls, then there is no failure
		assertThat(FetchFiguresStepsConfiguration.notFetched(CHUNK,
				List.of(figures(1001, FigureStatus.OK), ApplicationFigures.gone(1002, "404"),
						figures(1003, FigureStatus.NO_DATA), figures(1004, FigureStatus.OK))))
			.isEmpty();
	}

	private static ApplicationFigures figures(long id, FigureStatus status) {
		return new ApplicationFigures(id, null, null, null, 10.0, status, null);
	}

	private static StagedApplication application(long id, String name) {
		return new StagedApplication(id, name, "java", "green", true, 1, 1);
	}

}
