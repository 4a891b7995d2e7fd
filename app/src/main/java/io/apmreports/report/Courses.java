package io.apmreports.report;

import java.time.ZoneId;
import java.util.List;

import org.springframework.stereotype.Component;

import io.apmreports.history.FigureHistory;
import io.apmreports.history.HistoryKey;
import io.apmreports.history.HistoryScope;
import io.apmreports.range.TimeRange;

/** Reads what a run's readers show its course from, from the kept history. */
@Component
public class Courses {

	private final FigureHistory history;

	Courses(FigureHistory history) {
		this.history = history;
	}

	/**
	 * The kept figures of the run's key over the {@value CourseBook#COURSE} periods up to
	 * {@code range} and the {@value CourseBook#COURSE} before it, in the report's zone.
	 */
	public CourseBook of(HistoryKey key, TimeRange range, ZoneId zone) {
		List<TimeRange> periods = range.lastPeriods(zone, CourseBook.COURSE + 1);
		return new CourseBook(range.periodName(zone), periods, history.rows(key, HistoryScope.REPORT, periods),
				history.rows(key, HistoryScope.ACCOUNT, periods), history.rows(key, HistoryScope.APPLICATION, periods));
	}

}
