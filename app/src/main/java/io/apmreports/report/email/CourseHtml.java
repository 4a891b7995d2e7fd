package io.apmreports.report.email;

import org.springframework.web.util.HtmlUtils;

import io.apmreports.report.Course;
import io.apmreports.report.CourseText;
import io.apmreports.report.Overview;

/**
 * A headline's course in the HTML part: the text sparkline in large type (every mail
 * client draws it, where an inline picture per figure is often blocked), its last bar,
 * the run's own period, in the colour that marks it, then the line's low and high and
 * what was usual in grey.
 */
final class CourseHtml {

	private static final String LINE = "#1f6fb2";

	private CourseHtml() {
	}

	/** The course under the headline's name; {@code ""} without one. */
	static String of(Overview.Headline headline) {
		Course course = headline.course();
		if (course == null) {
			return "";
		}
		String bars = CourseText.sparkline(course);
		String earlier = bars.substring(0, bars.length() - 1);
		String own = bars.substring(bars.length() - 1);
		String words = CourseText.line(course, headline.kind()).substring(bars.length() + 1);
		return "<div style=\"font-size:18px;line-height:20px;letter-spacing:1px;color:" + LINE
				+ ";padding-top:4px;\" title=\"" + escape(words) + "\">" + escape(earlier) + "<span style=\"color:"
				+ EmailHtml.ORANGE + ";\">" + escape(own) + "</span></div><div style=\"font-size:12px;color:"
				+ EmailHtml.GREY + ";\">" + escape(words) + "<br>"
				+ escape(CourseText.usual(course.usual(), headline.kind())) + "</div>";
	}

	/**
	 * Whether the regression is within its usual spread, under it; {@code ""} without.
	 */
	static String regression(Overview.Mover mover) {
		String words = CourseText.regression(mover);
		return words.isEmpty() ? ""
				: "<div style=\"font-size:12px;color:" + EmailHtml.GREY + ";\">" + escape(words) + "</div>";
	}

	private static String escape(String text) {
		return HtmlUtils.htmlEscape(text, "UTF-8");
	}

}
