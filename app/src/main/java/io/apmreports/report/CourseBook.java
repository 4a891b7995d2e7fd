package io.apmreports.report;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.apmreports.history.HistoryFigures;
import io.apmreports.history.HistoryRow;
import io.apmreports.range.TimeRange;

/**
 * The kept figures a run's readers show its course from, read once: the report's, each
 * account's and each application's over the {@value #COURSE} periods up to the run's own
 * and the {@value #COURSE} before it. The run's own point is always the run's own figure,
 * whatever was kept of it.
 */
public final class CourseBook {

	/** How many periods a course shows, and how many before the run's a usual is of. */
	public static final int COURSE = 12;

	/** A run whose history was not read: no courses, no medians. */
	public static final CourseBook NONE = new CourseBook("period", List.of(), List.of(), List.of(), List.of());

	private final String period;

	/** The {@value #COURSE} + 1 periods, oldest first, the run's own last. */
	private final List<TimeRange> periods;

	private final Map<TimeRange, HistoryFigures> report = new HashMap<>();

	private final Map<Long, Map<TimeRange, HistoryFigures>> accounts = new HashMap<>();

	private final Map<String, Map<TimeRange, HistoryFigures>> applications = new HashMap<>();

	/**
	 * @param period what one period is called
	 * @param periods the periods read, oldest first, the run's own last
	 * @param reportRows the report's rows of them
	 * @param accountRows the accounts' rows
	 * @param applicationRows the applications' rows
	 */
	CourseBook(String period, List<TimeRange> periods, List<HistoryRow> reportRows, List<HistoryRow> accountRows,
			List<HistoryRow> applicationRows) {
		this.period = period;
		this.periods = List.copyOf(periods);
		reportRows.forEach(row -> report.put(row.period(), row.figures()));
		accountRows.forEach(row -> accounts.computeIfAbsent(row.accountId(), id -> new HashMap<>())
			.put(row.period(), row.figures()));
		applicationRows.forEach(row -> applications.computeIfAbsent(row.subject(), id -> new HashMap<>())
			.put(row.period(), row.figures()));
	}

	/** The report's headlines, each the history keeps with its course. */
	List<Overview.Headline> report(List<Overview.Headline> headlines) {
		return withCourses(headlines, report);
	}

	/** An account's headlines, each the history keeps with its course. */
	List<Overview.Headline> account(long accountId, List<Overview.Headline> headlines) {
		return withCourses(headlines, accounts.getOrDefault(accountId, Map.of()));
	}

	/**
	 * What was usual for one figure of one application ({@code metric} as the comparison
	 * names it); {@code null} where the history keeps no such figure or was not read.
	 */
	Usual usual(long applicationId, String metric) {
		if (periods.isEmpty()) {
			return null;
		}
		Map<TimeRange, HistoryFigures> kept = applications.getOrDefault(Long.toString(applicationId), Map.of());
		return CourseFigure.ofMetric(metric).map(figure -> usual(figure, kept)).orElse(null);
	}

	/** The application's median of one figure, or {@code null}. */
	Double median(long applicationId, String metric) {
		Usual usual = usual(applicationId, metric);
		return usual == null ? null : usual.median();
	}

	private List<Overview.Headline> withCourses(List<Overview.Headline> headlines,
			Map<TimeRange, HistoryFigures> kept) {
		if (periods.isEmpty()) {
			return headlines;
		}
		return headlines.stream()
			.map(headline -> CourseFigure.ofHeadline(headline.name())
				.map(figure -> headline.withCourse(course(figure, kept, headline.change().current())))
				.orElse(headline))
			.toList();
	}

	private Course course(CourseFigure figure, Map<TimeRange, HistoryFigures> kept, Double own) {
		List<Double> points = new ArrayList<>();
		for (TimeRange earlier : periods.subList(periods.size() - COURSE, periods.size() - 1)) {
			points.add(figure.of(kept.get(earlier)));
		}
		points.add(own);
		return new Course(period, points, usual(figure, kept));
	}

	private Usual usual(CourseFigure figure, Map<TimeRange, HistoryFigures> kept) {
		return Usual.of(period,
				periods.subList(0, periods.size() - 1).stream().map(p -> figure.of(kept.get(p))).toList());
	}

}
