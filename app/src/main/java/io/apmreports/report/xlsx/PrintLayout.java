package io.apmreports.report.xlsx;

import org.apache.poi.ss.usermodel.Footer;
import org.apache.poi.ss.usermodel.Header;
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
	static final double SMALLEST_PRINTED_POINTS = 7.5;

	/**
	 * How many characters of the default font an A4 page in landscape prints across at
	 * full size: 842 points less two margins of 0.7 inch, as LibreOffice lays out the
	 * default font's columns (measured: about 110), with a little to spare.
	 */
	private static final double PAGE_CHARACTERS = 100;

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
	 * Once a sheet's columns have their widths: one page wide when that prints its
	 * smallest text ({@code smallestPoints}) at {@value #SMALLEST_PRINTED_POINTS} points
	 * or more; else at the scale that does, the table split over pages side by side, each
	 * repeating the first {@code keyColumns} columns so that a loose page still names its
	 * rows. Fitting 24 columns to one page wide printed them at 3.8 points.
	 */
	static void fitWidth(Sheet sheet, int columns, int keyColumns, int smallestPoints) {
		double characters = 0;
		for (int column = 0; column < columns; column++) {
			characters += sheet.getColumnWidth(column) / 256.0;
		}
		int scale = (int) Math.ceil(SMALLEST_PRINTED_POINTS * 100 / smallestPoints);
		if (characters == 0 || PAGE_CHARACTERS / characters * 100 >= scale) {
			return;
		}
		sheet.setFitToPage(false);
		sheet.getPrintSetup().setScale((short) scale);
		if (keyColumns > 0) {
			sheet.setRepeatingColumns(new CellRangeAddress(-1, -1, 0, keyColumns - 1));
		}
	}

	/** An {@code &} in a title would start a header code; doubled it prints as one. */
	private static String escape(String text) {
		return text.replace("&", "&&");
	}

}
