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
		// the header and footer codes of the file format: &B bold, &P page, &N pages
		top.setLeft("&B" + escape(header.title()));
		top.setRight(escape(header.range().describe(header.timeZone())));
		Footer bottom = sheet.getFooter();
		bottom.setLeft(escape(sheet.getSheetName()));
		bottom.setRight("Page &P of &N");
	}

	/** An {@code &} in a title would start a header code; doubled it prints as one. */
	private static String escape(String text) {
		return text.replace("&", "&&");
	}

}
