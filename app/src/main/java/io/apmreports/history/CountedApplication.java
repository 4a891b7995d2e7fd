package io.apmreports.history;

import io.apmreports.formula.FigureColumn;
import io.apmreports.source.ApplicationFigures;
import io.apmreports.source.FigureStatus;
import io.apmreports.source.StagedApplication;

/**
 * An application that counts towards the report's figures over one period (neither failed
 * nor gone), with what groups it: its account and the value of the report's grouping tag.
 *
 * @param applicationId its id
 * @param name its name
 * @param accountId its account, or {@code null} for a run staged before runs kept it
 * @param group the value of the report's grouping tag, or {@code null} where the report
 * has no groups or the application no such tag
 * @param figures its figures over the period, as the report tells them
 */
public record CountedApplication(long applicationId, String name, Long accountId, String group,
		HistoryFigures figures) {

	/**
	 * The application as a run would stage it with the source's answer, or {@code null}
	 * where the answer does not count (failed or gone): the same figures, from the same
	 * columns, that the staging tables keep.
	 */
	public static CountedApplication of(StagedApplication application, ApplicationFigures answer) {
		if (answer.status() == FigureStatus.FAILED || answer.status() == FigureStatus.GONE) {
			return null;
		}
		return new CountedApplication(application.id(), application.name(), application.account(), application.group(),
				HistoryFigures.headline(answer.callVolume(), FigureColumn.THROUGHPUT_RPM.of(answer.breakdown()),
						FigureColumn.RESPONSE_TIME_MS.of(answer.breakdown()), answer.apdexScore(), answer.errorRate()));
	}

}
