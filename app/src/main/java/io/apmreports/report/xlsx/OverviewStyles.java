package io.apmreports.report.xlsx;

import java.util.EnumMap;
import java.util.HexFormat;
import java.util.Map;

import org.apache.poi.ss.usermodel.Cell;
import org.apache.poi.ss.usermodel.CellStyle;
import org.apache.poi.ss.usermodel.FillPatternType;
import org.apache.poi.ss.usermodel.Font;
import org.apache.poi.ss.usermodel.HorizontalAlignment;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.usermodel.VerticalAlignment;
import org.apache.poi.xssf.streaming.SXSSFWorkbook;
import org.apache.poi.xssf.usermodel.XSSFCellStyle;
import org.apache.poi.xssf.usermodel.XSSFColor;
import org.apache.poi.xssf.usermodel.XSSFFont;

import io.apmreports.definition.Thresholds;
import io.apmreports.formula.Change;
import io.apmreports.formula.Kind;
import io.apmreports.report.FigureText;
import io.apmreports.report.Overview;

/**
 * The looks of a page people read rather than filter: a large title, section headings,
 * grey notes, and changes with an arrow, green when for the better, red when for the
 * worse, grey for traffic, which is neither. Each style is created once.
 */
final class OverviewStyles {

	/** The size of the notes, the Overview's smallest text. */
	static final int NOTE_POINTS = 10;

	static final String GREEN = "1E7B34";

	static final String RED = "C00000";

	static final String GREY = "6B6B6B";

	private static final String HEADING_FILL = "E8ECF2";

	private final SXSSFWorkbook workbook;

	private final CellStyle title;

	private final CellStyle subtitle;

	private final CellStyle note;

	private final CellStyle section;

	private final CellStyle heading;

	private final CellStyle numberHeading;

	private final CellStyle wrapped;

	private final CellStyle link;

	private final CellStyle small;

	private final CellStyle beside;

	/**
	 * One style per verdict, judged as the e-mail and the PDF judge it: the change is
	 * their text, so that a change rounding to nothing reads "no change", never "\u25BC
	 * 0.0%".
	 */
	private final Map<FigureText.Verdict, CellStyle> changes = new EnumMap<>(FigureText.Verdict.class);

	OverviewStyles(SXSSFWorkbook workbook) {
		this.workbook = workbook;
		this.title = style(font(18, true, null), null);
		this.subtitle = style(font(13, false, null), null);
		this.note = style(font(NOTE_POINTS, false, GREY), null);
		this.section = style(font(12, true, null), null);
		this.heading = style(font(10, true, null), HEADING_FILL);
		this.heading.setWrapText(true);
		this.heading.setVerticalAlignment(VerticalAlignment.TOP);
		this.numberHeading = style(font(10, true, null), HEADING_FILL);
		this.numberHeading.setAlignment(HorizontalAlignment.RIGHT);
		this.numberHeading.setWrapText(true);
		this.numberHeading.setVerticalAlignment(VerticalAlignment.TOP);
		XSSFFont linkFont = font(11, false, "1F5FAD");
		linkFont.setUnderline(Font.U_SINGLE);
		this.link = style(linkFont, null);
		this.wrapped = workbook.createCellStyle();
		this.wrapped.setWrapText(true);
		// no smaller than the notes: the page prints at its smallest text's size
		this.small = style(font(NOTE_POINTS, false, GREY), null);
		this.small.setWrapText(true);
		this.small.setVerticalAlignment(VerticalAlignment.BOTTOM);
		// a line of words beside a picture: kept on one line, clear of the picture,
		// running on over the empty cells to its right
		this.beside = style(font(NOTE_POINTS, false, GREY), null);
		this.beside.setIndention((short) 1);
		this.beside.setVerticalAlignment(VerticalAlignment.CENTER);
		for (FigureText.Verdict verdict : FigureText.Verdict.values()) {
			String colour = verdict == FigureText.Verdict.BETTER ? GREEN
					: verdict == FigureText.Verdict.WORSE ? RED : GREY;
			CellStyle change = style(font(11, verdict != FigureText.Verdict.NEUTRAL, colour), null);
			change.setAlignment(HorizontalAlignment.RIGHT);
			changes.put(verdict, change);
		}
	}

	void title(Row row, String text) {
		text(row, 0, text, title);
		row.setHeightInPoints(26);
	}

	void subtitle(Row row, String text) {
		text(row, 0, text, subtitle);
		row.setHeightInPoints(18);
	}

	void note(Row row, String text) {
		text(row, 0, text, note);
	}

	void section(Row row, String text) {
		text(row, 0, text, section);
		row.setHeightInPoints(20);
	}

	/** A table's heading; right-aligned over figures, so that it stands over them. */
	void columnHeading(Row row, int column, String text, boolean overFigures) {
		text(row, column, text, overFigures ? numberHeading : heading);
	}

	/** A name that links to its page: blue and underlined, as readers know links. */
	CellStyle link() {
		return link;
	}

	void wrapped(Cell cell) {
		cell.setCellStyle(wrapped);
	}

	/** Words beside a figure: grey, small, wrapped to the row. */
	void small(Cell cell) {
		cell.setCellStyle(small);
	}

	/** Words beside a picture in the same row, on one line. */
	void beside(Cell cell) {
		cell.setCellStyle(beside);
	}

	/**
	 * The change as every report shows it ({@link FigureText#shown}), in its colour; an
	 * empty cell where a side is absent.
	 */
	void change(Row row, int column, Change change, Overview.Better better, Kind kind, Thresholds thresholds) {
		if (!FigureText.hasChange(change)) {
			return;
		}
		Cell cell = row.createCell(column);
		cell.setCellValue(FigureText.shown(change, kind));
		cell.setCellStyle(changes.get(FigureText.verdict(better, change, kind, thresholds)));
	}

	private static void text(Row row, int column, String text, CellStyle style) {
		Cell cell = row.createCell(column);
		cell.setCellValue(text);
		cell.setCellStyle(style);
	}

	private XSSFFont font(int points, boolean bold, String colour) {
		XSSFFont font = (XSSFFont) workbook.createFont();
		font.setFontHeightInPoints((short) points);
		font.setBold(bold);
		if (colour != null) {
			font.setColor(color(colour));
		}
		return font;
	}

	private CellStyle style(XSSFFont font, String fill) {
		XSSFCellStyle style = (XSSFCellStyle) workbook.createCellStyle();
		style.setFont(font);
		if (fill != null) {
			style.setFillForegroundColor(color(fill));
			style.setFillPattern(FillPatternType.SOLID_FOREGROUND);
		}
		return style;
	}

	private static XSSFColor color(String hex) {
		return new XSSFColor(HexFormat.of().parseHex(hex), null);
	}

}
