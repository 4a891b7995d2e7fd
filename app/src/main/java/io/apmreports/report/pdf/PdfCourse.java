package io.apmreports.report.pdf;

import java.io.IOException;

import io.apmreports.report.Course;
import io.apmreports.report.CourseText;
import io.apmreports.report.Overview;

/**
 * A headline's course in the PDF, on a line under it: a small drawn line with the run's
 * own point marked and the usual spread as a grey band behind, then its low and high and
 * what was usual in words; and under a regression whether it is within its usual spread.
 */
final class PdfCourse {

	private static final float LINE_WIDTH = 110;

	private static final float LINE_HEIGHT = 10;

	private PdfCourse() {
	}

	static void headline(PdfCanvas pdf, Overview.Headline headline) throws IOException {
		Course course = headline.course();
		if (course == null) {
			return;
		}
		pdf.room(16);
		pdf.down(14);
		if (course.kept() > 0) {
			double low = course.lowest();
			double high = course.highest();
			if (course.usual().told()) {
				low = Math.min(low, course.usual().low());
				high = Math.max(high, course.usual().high());
			}
			pdf.course(8, LINE_WIDTH, LINE_HEIGHT, course.points(), low, high, course.usual().low(),
					course.usual().high());
		}
		String line = CourseText.line(course, headline.kind());
		String lowHigh = line.substring(line.indexOf(' ') + 1);
		String usual = CourseText.usual(course.usual(), headline.kind());
		float room = PdfCanvas.WIDTH - LINE_WIDTH - 16;
		if (pdf.width(lowHigh + "; " + usual, 8) <= room) {
			pdf.text(LINE_WIDTH + 16, lowHigh + "; " + usual, 8, PdfCanvas.GREY, false);
			return;
		}
		// too long for one line: the usual under the low and high, never cut
		pdf.text(LINE_WIDTH + 16, pdf.fit(lowHigh, 8, room), 8, PdfCanvas.GREY, false);
		pdf.room(12);
		pdf.down(10);
		pdf.text(LINE_WIDTH + 16, pdf.fit(usual, 8, room), 8, PdfCanvas.GREY, false);
	}

	static void regression(PdfCanvas pdf, Overview.Mover mover) throws IOException {
		String words = CourseText.regression(mover);
		if (words.isEmpty()) {
			return;
		}
		pdf.room(14);
		pdf.down(12);
		pdf.text(8, pdf.fit(words, 8, PdfCanvas.WIDTH - 8), 8, PdfCanvas.GREY, false);
	}

}
