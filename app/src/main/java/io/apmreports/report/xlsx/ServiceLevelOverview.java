package io.apmreports.report.xlsx;

import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.usermodel.Sheet;
import org.apache.poi.xssf.streaming.SXSSFWorkbook;

import io.apmreports.report.ServiceLevelHeadline;

/**
 * A service-level report's part of the Overview: the month's levels in sentences, the
 * worst budget first, each beside its budget's colour, and what is said of the rest.
 */
final class ServiceLevelOverview {

	private ServiceLevelOverview() {
	}

	/** Writes the headline from row {@code next}; answers the row after it. */
	static int write(Sheet sheet, int next, ServiceLevelHeadline headline, WorkbookStyles styles, OverviewStyles look) {
		look.section(sheet.createRow(next++), headline.title());
		ServiceLevelStyles colours = new ServiceLevelStyles((SXSSFWorkbook) sheet.getWorkbook());
		for (ServiceLevelHeadline.Worst worst : headline.worst()) {
			Row row = sheet.createRow(next++);
			// the colour's word in a filled cell, the sentence running on beside it
			colours.words(row, 0, worst.colour() == null ? "no budget" : worst.colour().word(), worst.colour());
			row.createCell(1).setCellValue(worst.text());
		}
		for (String note : headline.notes()) {
			look.note(sheet.createRow(next++), note);
		}
		return next + 1;
	}

}
