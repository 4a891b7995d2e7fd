package io.apmreports.report.xlsx;

import org.apache.poi.ss.usermodel.Footer;
import org.apache.poi.ss.usermodel.Header;
import org.apache.poi.ss.usermodel.PageMargin;
import org.apache.poi.ss.usermodel.Sheet;
import org.apache.poi.ss.util.CellRangeAddress;

import io.apmreports.report.ReportHeader;

/**
 * How every sheet prints: landscape, one page wide and as many long as needed so that a
 * printout keeps every column of a row, its header rows repeated on each page, the
 * report's title and range at the top of each page and page numbers at the bottom, so
 * that a loose page still says what it is.
 */
final class PrintLayout {

	/**
	 * The smallest size text prints at, in points: the smallest a reader reads without a
	 * lens.
	 */
	static final double SMALLEST_PRINTED_POINTS = 7.2;

	/**
	 * How many characters of the default font a page in landscape prints across at full
	 * size: a Letter page, the narrower of Letter and A4, 792 points less two margins of
	 * {@value #SIDE_MARGIN} inch, at about 6.75 points a character as LibreOffice lays
	 * out the default font's columns (measured), with a little to spare.
	 */
	static final double PAGE_CHARACTERS = 105;

	/** Narrow margins, in inches: at the default 0.7 a wide table took a page more. */
	private static final double SIDE_MARGIN = 0.4;

	private static final double TOP_MARGIN = 0.5;

	/** Where the title and the page numbers print, inside the top and bottom margins. */
	private static final double HEADER_MARGIN = 0.2;

	private PrintLayout() {
	}

	/**
	 * Sets the sheet up for printing.
	 * @param sheet the sheet
	 * @param header the report, whose title and range head each page
	 * @param repeatedRows how many rows from the top each page repeats (the table's
	 * header), 0 for none
	 */
	static void setUp(Sheet sheet, ReportHeader header, int repeatedRows) {
		sheet.setAutobreaks(true);
		sheet.setFitToPage(true);
		sheet.getPrintSetup().setLandscape(true);
		sheet.getPrintSetup().setFitWidth((short) 1);
		sheet.getPrintSetup().setFitHeight((short) 0);
		sheet.setMargin(PageMargin.LEFT, SIDE_MARGIN);
		sheet.setMargin(PageMargin.RIGHT, SIDE_MARGIN);
		sheet.setMargin(PageMargin.TOP, TOP_MARGIN);
		sheet.setMargin(PageMargin.BOTTOM, TOP_MARGIN);
		sheet.setMargin(PageMargin.HEADER, HEADER_MARGIN);
		sheet.setMargin(PageMargin.FOOTER, HEADER_MARGIN);
		if (repeatedRows > 0) {
			sheet.setRepeatingRows(new CellRangeAddress(0, repeatedRows - 1, -1, -1));
		}
		Header top = sheet.getHeader();
		// the header and footer codes of the file format: &B bold, &P page, &N pages, &12
		// 12 points
		// &12: 12 points, which print at 8 on a sheet scaled to two thirds
		top.setLeft("&12&B" + escape(header.title()));
		top.setRight("&12" + escape(header.range().describe(header.timeZone())));
		Footer bottom = sheet.getFooter();
		bottom.setLeft("&12" + escape(sheet.getSheetName()));
		bottom.setRight("&12Page &P of &N");
	}

	/**
	 * Once a sheet's columns have their widths: one page wide at full size when it fits;
	 * else at the smallest scale that prints its smallest text ({@code smallestPoints})
	 * at {@value #SMALLEST_PRINTED_POINTS} points or more, the table split over pages
	 * side by side, each repeating the first {@code keyColumns} columns so that a loose
	 * page still names its rows. Fitting 24 columns to one page wide printed them at 3.8
	 * points; fitting a table a little too wide to one page wide printed it larger over a
	 * page more in length.
	 */
	static void fitWidth(Sheet sheet, int columns, int keyColumns, int smallestPoints) {
		double characters = 0;
		for (int column = 0; column < columns; column++) {
			characters += sheet.getColumnWidth(column) / 256.0;
		}
		int scale = (int) Math.ceil(SMALLEST_PRINTED_POINTS * 100 / smallestPoints);
		if (characters <= PAGE_CHARACTERS) {
			return;
		}
		sheet.setFitToPage(false);
		sheet.getPrintSetup().setScale((short) scale);
		if (keyColumns > 0) {
			sheet.setRepeatingColumns(new CellRangeAddress(-1, -1, 0, keyColumns - 1));
		}
	}

	/**
	 * On a sheet split over pages side by side, page breaks between groups of
	 * {@code width} columns from {@code first} on, as many groups a page as fit beside
	 * the repeated columns before {@code first}: left to itself, LibreOffice broke a page
	 * between an application's two columns, and cut its name in two.
	 */
	static void breakBetweenGroups(Sheet sheet, int first, int width, int groups) {
		if (sheet.getFitToPage() || groups == 0) {
			return;
		}
		double page = PAGE_CHARACTERS * 100 / sheet.getPrintSetup().getScale();
		double repeated = 0;
		for (int column = 0; column < first; column++) {
			repeated += sheet.getColumnWidth(column) / 256.0;
		}
		double group = 0;
		for (int column = first; column < first + width; column++) {
			group += sheet.getColumnWidth(column) / 256.0;
		}
		int perPage = Math.max(1, (int) ((page - repeated) / group));
		for (int next = perPage; next < groups; next += perPage) {
			sheet.setColumnBreak(first + next * width - 1);
		}
	}

	/**
	 * A sheet that prints on one page, as people read it: the Overview, the Charts. Its
	 * text must be sized to print at {@value #SMALLEST_PRINTED_POINTS} points or more at
	 * the scale this takes.
	 */
	static void onePage(Sheet sheet) {
		sheet.setFitToPage(true);
		sheet.getPrintSetup().setFitWidth((short) 1);
		sheet.getPrintSetup().setFitHeight((short) 1);
	}

	/** An {@code &} in a title would start a header code; doubled it prints as one. */
	private static String escape(String text) {
		return text.replace("&", "&&");
	}

}
