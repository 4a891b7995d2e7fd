package io.apmreports.testing;

import java.util.Arrays;
import java.util.List;

import io.apmreports.report.Course;
import io.apmreports.report.Overview;
import io.apmreports.report.Usual;

/**
 * {@link OverviewFixtures#weekly()} with the courses a kept history gives it: response
 * time over 12 weeks with one week not kept, and calls with too little history; the
 * regression within its usual spread.
 */
public final class CourseFixtures {

	/**
	 * The 12 weeks before the run's: the oldest, then the 11 the course shows (the 4th of
	 * them not kept).
	 */
	public static final List<Double> EARLIER = Arrays.asList(200.0, 210.0, 220.0, null, 215.0, 240.0, 225.0, 230.0,
			235.0, 250.0, 245.0, 260.0);

	/** By hand: 11 kept, sorted 200 210 215 220 225 [230] 235 240 245 250 260. */
	public static final Usual RESPONSE_USUAL = new Usual("week", 230.0, 200.0, 260.0, 11, 12);

	/** The course: the last 11 earlier weeks, then the run's own 230. */
	public static final Course RESPONSE_COURSE = new Course("week",
			Arrays.asList(210.0, 220.0, null, 215.0, 240.0, 225.0, 230.0, 235.0, 250.0, 245.0, 260.0, 230.0),
			RESPONSE_USUAL);

	/** Calls kept for two weeks only: no usual. */
	public static final Course CALLS_COURSE = new Course("week", Arrays.asList(null, null, null, null, null, null, null,
			null, null, 15_500_000.0, 15_000_000.0, 16_500_000.0), new Usual("week", null, null, null, 2, 12));

	/** The regression's application: 70 to 130 ms, median 100, over 12 weeks. */
	public static final Usual CHECKOUT_USUAL = new Usual("week", 100.0, 70.0, 130.0, 12, 12);

	private CourseFixtures() {
	}

	public static Overview weekly() {
		Overview weekly = OverviewFixtures.weekly();
		List<Overview.Headline> headlines = weekly.headlines().stream().map(headline -> switch (headline.name()) {
			case "Response time (ms)" -> headline.withCourse(RESPONSE_COURSE);
			case "Calls" -> headline.withCourse(CALLS_COURSE);
			default -> headline;
		}).toList();
		List<Overview.Mover> regressions = weekly.regressions()
			.stream()
			.map(mover -> mover.withUsual(CHECKOUT_USUAL))
			.toList();
		return new Overview(weekly.applications(), weekly.failed(), weekly.gone(), headlines, weekly.busiest(),
				regressions, weekly.failedApplications(), weekly.goneApplications());
	}

}
