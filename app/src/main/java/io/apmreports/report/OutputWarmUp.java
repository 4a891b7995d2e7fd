package io.apmreports.report;

import java.io.IOException;
import java.io.OutputStream;
import java.io.StringWriter;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.apache.poi.xssf.streaming.SXSSFWorkbook;

/**
 * Loads and initialises POI and Commons CSV in the background while a run waits on the
 * network, so that the write step, which runs when everything else is done, does not pay
 * for it. Nothing is written anywhere.
 */
public final class OutputWarmUp {

	private OutputWarmUp() {
	}

	public static void startInBackground() {
		Thread thread = new Thread(OutputWarmUp::warmUp, "output-warm-up");
		thread.setDaemon(true);
		thread.setPriority(Thread.MIN_PRIORITY);
		thread.start();
	}

	private static void warmUp() {
		try (SXSSFWorkbook workbook = new SXSSFWorkbook(1);
				CSVPrinter printer = new CSVPrinter(new StringWriter(), CSVFormat.RFC4180)) {
			workbook.createSheet("warm-up").createRow(0).createCell(0).setCellValue(1.0);
			printer.printRecord("warm", 1.0);
			workbook.write(OutputStream.nullOutputStream());
		}
		catch (IOException | RuntimeException ex) {
			// only a head start: the write step does the same work for real and reports
			// any failure
		}
	}

}
