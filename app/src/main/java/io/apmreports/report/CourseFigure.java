package io.apmreports.report;

import java.util.Arrays;
import java.util.Optional;
import java.util.function.Function;

import io.apmreports.formula.FigureColumn;
import io.apmreports.history.HistoryFigures;

/**
 * The figures the history keeps, as the Overview's headlines and the comparison's rows
 * name them: the others (the count of applications, a database's time) have no course.
 */
enum CourseFigure {

	CALLS("Calls", "calls", HistoryFigures::calls),

	THROUGHPUT(FigureColumn.THROUGHPUT_RPM.title(), FigureColumn.THROUGHPUT_RPM.header(),
			HistoryFigures::throughputRpm),

	RESPONSE_TIME(FigureColumn.RESPONSE_TIME_MS.title(), FigureColumn.RESPONSE_TIME_MS.header(),
			HistoryFigures::responseTimeMs),

	APDEX("Apdex score", Measures.APDEX_SCORE, HistoryFigures::apdexScore),

	ERROR_RATE("Error rate", Measures.ERROR_RATE, HistoryFigures::errorRate);

	private final String headline;

	private final String metric;

	private final Function<HistoryFigures, Double> value;

	CourseFigure(String headline, String metric, Function<HistoryFigures, Double> value) {
		this.headline = headline;
		this.metric = metric;
		this.value = value;
	}

	Double of(HistoryFigures figures) {
		return figures == null ? null : value.apply(figures);
	}

	static Optional<CourseFigure> ofHeadline(String name) {
		return Arrays.stream(values()).filter(figure -> figure.headline.equals(name)).findFirst();
	}

	static Optional<CourseFigure> ofMetric(String header) {
		return Arrays.stream(values()).filter(figure -> figure.metric.equals(header)).findFirst();
	}

}
