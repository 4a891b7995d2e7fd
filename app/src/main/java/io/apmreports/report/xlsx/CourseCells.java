package io.apmreports.report.xlsx;

import java.util.List;
import java.util.Objects;

import org.apache.poi.ss.usermodel.Cell;
import org.apache.poi.ss.usermodel.ClientAnchor;
import org.apache.poi.ss.usermodel.Drawing;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.usermodel.Sheet;
import org.apache.poi.ss.usermodel.Workbook;

import io.apmreports.report.Course;
import io.apmreports.report.CourseText;
import io.apmreports.report.Overview;
import io.apmreports.report.picture.CoursePictures;

/**
 * A headline's course on the Overview, beside its row: the small line (a picture, as a
 * native chart per row would crowd the sheet) in columns {@value #LINE} and the next, and
 * what was usual in words after it.
 */
final class CourseCells {

	/** The column the line starts in. */
	static final int LINE = 4;

	/**
	 * The column the usual's words start in; they run on over the empty cells after it.
	 */
	static final int USUAL = 6;

	private final Sheet sheet;

	private final OverviewStyles look;

	private Drawing<?> drawing;

	CourseCells(Sheet sheet, OverviewStyles look) {
		this.sheet = sheet;
		this.look = look;
	}

	/** Whether some of the headlines have a course: only then are the columns shown. */
	static boolean shown(List<Overview.Headline> headlines) {
		return headlines.stream().anyMatch(headline -> headline.course() != null);
	}

	/** The heading over the line: "Last 12 weeks". */
	static String heading(List<Overview.Headline> headlines) {
		Course course = headlines.stream()
			.map(Overview.Headline::course)
			.filter(Objects::nonNull)
			.findFirst()
			.orElseThrow();
		return "Last " + course.points().size() + " " + course.period() + "s";
	}

	/**
	 * What the line and the usual are, in words under the headlines: "Last 12 weeks: the
	 * line ends with the week of the report (the orange dot) ...".
	 */
	static String note(List<Overview.Headline> headlines) {
		Course course = headlines.stream()
			.map(Overview.Headline::course)
			.filter(Objects::nonNull)
			.findFirst()
			.orElseThrow();
		String period = course.period();
		return "Last " + course.points().size() + " " + period + "s: ends with this " + period
				+ " (orange dot), a gap is a " + period + " not kept. Usual before: median of the kept of the "
				+ course.usual().asked() + " " + period + "s before (lowest\u2013highest).";
	}

	/** The headline's line and usual beside it, on its row; nothing without a course. */
	void write(Row row, Overview.Headline headline) {
		Course course = headline.course();
		if (course == null) {
			return;
		}
		Workbook workbook = sheet.getWorkbook();
		int picture = workbook.addPicture(CoursePictures.png(course), Workbook.PICTURE_TYPE_PNG);
		ClientAnchor anchor = workbook.getCreationHelper().createClientAnchor();
		anchor.setCol1(LINE);
		anchor.setRow1(row.getRowNum());
		anchor.setCol2(USUAL);
		anchor.setRow2(row.getRowNum() + 1);
		anchor.setAnchorType(ClientAnchor.AnchorType.MOVE_AND_RESIZE);
		drawing().createPicture(anchor, picture);
		Cell usual = row.createCell(USUAL);
		usual.setCellValue(CourseText.usualShort(course.usual(), headline.kind()));
		// not merged nor wrapped: a long spread would wrap into the row above it
		look.beside(usual);
	}

	private Drawing<?> drawing() {
		if (drawing == null) {
			drawing = sheet.createDrawingPatriarch();
		}
		return drawing;
	}

}
