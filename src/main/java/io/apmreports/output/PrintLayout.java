package io.apmreports.output;

import org.apache.poi.ss.usermodel.Sheet;

/** How the sheets wider than a portrait page are printed. */
final class PrintLayout {

	private PrintLayout() {
	}

	/**
	 * Landscape, one page wide and as many long as needed, so that a printout keeps every
	 * column of a row.
	 */
	static void landscapeOnePageWide(Sheet sheet) {
		sheet.setAutobreaks(true);
		sheet.setFitToPage(true);
		sheet.getPrintSetup().setLandscape(true);
		sheet.getPrintSetup().setFitWidth((short) 1);
		sheet.getPrintSetup().setFitHeight((short) 0);
	}

}
